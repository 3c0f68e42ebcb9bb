/// A template file that cannot be compiled: named with its line, and found at start-up, not
/// on the first request that needs it.
struct TemplateError: Error, CustomStringConvertible, Equatable {
    var template: String
    var line: Int
    var message: String

    var description: String { line > 0 ? "\(template).mustache, line \(line): \(message)" : "\(template).mustache: \(message)" }
}

/// One parsed Mustache tag or run of text, before partials and parents are resolved.
indirect enum TemplateNode: Equatable, Sendable {
    case text(String)
    case variable(String, escaped: Bool)
    case section(String, inverted: Bool, [TemplateNode])
    case partial(String)
    /// `{{<name}}…{{/name}}`: the parent template, with the blocks this template overrides.
    case parent(String, overrides: [String: [TemplateNode]])
    /// `{{$name}}default{{/name}}`: a block a child template may override.
    case block(String, [TemplateNode])
}

/// Parses the Mustache the templates use: `{{name}}`, `{{{name}}}` and `{{& name}}`, dotted
/// names and `{{.}}`, sections and inverted sections, comments, partials, and parents with
/// blocks. Tags alone on a line ("standalone") take their line with them, as the spec says.
/// Changing delimiters is refused.
enum TemplateParser {
    private enum Frame {
        case root
        case section(String, inverted: Bool, line: Int)
        case block(String, line: Int)
        case parent(String, line: Int)

        var name: String {
            switch self {
            case .root: ""
            case .section(let name, _, _), .block(let name, _), .parent(let name, _): name
            }
        }
    }

    static func parse(_ source: String, name template: String) throws -> [TemplateNode] {
        let bytes = Array(source.utf8)
        var frames: [(frame: Frame, nodes: [TemplateNode])] = [(.root, [])]
        var textStart = 0
        var index = 0

        func line(at offset: Int) -> Int { 1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        func fail(_ message: String, at offset: Int) -> TemplateError {
            TemplateError(template: template, line: line(at: offset), message: message)
        }
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            guard bytes.count >= pattern.count else { return nil }
            var at = start
            while at <= bytes.count - pattern.count {
                if bytes[at] == pattern[0], Array(bytes[at..<at + pattern.count]) == pattern { return at }
                at += 1
            }
            return nil
        }
        func appendText(_ start: Int, _ end: Int) {
            guard end > start else { return }
            frames[frames.count - 1].nodes.append(.text(String(decoding: bytes[start..<end], as: UTF8.self)))
        }

        let open = Array("{{".utf8), close = Array("}}".utf8), closeTriple = Array("}}}".utf8)
        while let tagStart = find(open, from: index) {
            var contentStart = tagStart + 2
            let triple = contentStart < bytes.count && bytes[contentStart] == UInt8(ascii: "{")
            if triple { contentStart += 1 }
            guard let contentEnd = find(triple ? closeTriple : close, from: contentStart) else {
                throw fail("a tag is opened with {{ and never closed", at: tagStart)
            }
            let tagEnd = contentEnd + (triple ? 3 : 2)
            let content = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self).trimmingWhitespace()
            let sigil: Character? = triple ? "{" : content.first.flatMap { "#^/!<>$&=".contains($0) ? $0 : nil }
            let name = (sigil == nil || triple ? content : String(content.dropFirst())).trimmingWhitespace()

            // A standalone tag (nothing else on its line) removes the whole line.
            var textEnd = tagStart, next = tagEnd
            if let sigil, "#^/!<>$=".contains(sigil) {
                var lineStart = tagStart
                while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
                var lineEnd = tagEnd
                while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") || bytes[lineEnd] == UInt8(ascii: "\r") { lineEnd += 1 }
                let startsLine = lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")
                let endsLine = lineEnd == bytes.count || bytes[lineEnd] == UInt8(ascii: "\n")
                if startsLine, endsLine {
                    textEnd = lineStart
                    next = lineEnd == bytes.count ? lineEnd : lineEnd + 1
                }
            }
            appendText(textStart, textEnd)
            textStart = next
            index = next

            if sigil == "!" { continue }
            if sigil == "=" { throw fail("changing delimiters ({{=…=}}) is not supported", at: tagStart) }
            guard !name.isEmpty else { throw fail("a tag has no name", at: tagStart) }
            let tagLine = line(at: tagStart)
            switch sigil {
            case "#": frames.append((.section(name, inverted: false, line: tagLine), []))
            case "^": frames.append((.section(name, inverted: true, line: tagLine), []))
            case "$": frames.append((.block(name, line: tagLine), []))
            case "<": frames.append((.parent(name, line: tagLine), []))
            case ">": frames[frames.count - 1].nodes.append(.partial(name))
            case "{", "&": frames[frames.count - 1].nodes.append(.variable(name, escaped: false))
            case "/":
                guard frames.count > 1 else { throw fail("{{/\(name)}} closes nothing", at: tagStart) }
                let (frame, nodes) = frames.removeLast()
                guard frame.name == name else { throw fail("{{/\(name)}} closes {{\(frame.name)}}", at: tagStart) }
                let node: TemplateNode
                switch frame {
                case .root: preconditionFailure("the root frame has no name")
                case .section(_, let inverted, _): node = .section(name, inverted: inverted, nodes)
                case .block: node = .block(name, nodes)
                case .parent:
                    // Only the blocks inside a parent tag mean anything; the rest is ignored.
                    var overrides: [String: [TemplateNode]] = [:]
                    for case .block(let block, let body) in nodes { overrides[block] = body }
                    node = .parent(name, overrides: overrides)
                }
                frames[frames.count - 1].nodes.append(node)
            default: frames[frames.count - 1].nodes.append(.variable(name, escaped: true))
            }
        }
        appendText(textStart, bytes.count)
        if let (frame, _) = frames.last, frames.count > 1 {
            let line: Int
            switch frame {
            case .root: line = 0
            case .section(_, _, let at), .block(_, let at), .parent(_, let at): line = at
            }
            throw TemplateError(template: template, line: line, message: "{{\(frame.name)}} is never closed")
        }
        return frames[0].nodes
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
