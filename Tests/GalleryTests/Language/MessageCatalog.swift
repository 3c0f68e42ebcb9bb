import Foundation
@testable import Gallery

/// Every message the gallery says, found where it is written: `{{#t}}…{{/t}}` in the templates
/// and `Phrase("…")` / `Phrase(count: n, "…", "…")` in the sources, as the catalog template
/// (`Locales/photolala.pot`) that translators' tools read lists them.
struct MessageCatalog {
    struct Message: Equatable {
        var id: String
        var context: String?
        var plural: String?
        /// Where it is written: `Templates/home.mustache`, `Sources/Gallery/…swift:12`, `Sources/photolala/…swift:40`.
        var references: [String]
        /// A message of the sources, whose placeholders are `{0}`, `{1}` (C#'s, as gettext calls them).
        var numbered: Bool
    }

    var messages: [Message] = []
    private var index: [String: Int] = [:]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The messages of the templates and the sources under `root`.
    static func read(root: URL = root) throws -> MessageCatalog {
        var catalog = MessageCatalog()
        let templates = root.appendingPathComponent("Templates")
        for (name, source) in try TemplateSet.sources(directory: templates.path).sorted(by: { $0.key < $1.key }) {
            let nodes = try TemplateParser.parse(source, name: name)
            try catalog.collect(nodes, reference: "Templates/\(name).mustache")
        }
        // The pages' words, then what the command line says to people.
        for module in ["Sources/Gallery", "Sources/photolala"] {
            let sources = root.appendingPathComponent(module)
            let files = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                for found in try SwiftPhrases.find(in: text) {
                    try catalog.add(found.id, context: found.context, plural: found.plural, reference: "\(module)/\(file):\(found.line)", numbered: true)
                }
            }
        }
        return catalog
    }

    private mutating func collect(_ nodes: [TemplateNode], reference: String) throws {
        for node in nodes {
            switch node {
            case .section(TemplateSet.words, false, let body):
                guard let id = TemplateSet.message(body) else { throw CatalogProblem("\(reference): {{#t}} holds a section") }
                try add(id, plural: nil, reference: reference, numbered: false)
            case .section(_, _, let body), .block(_, let body): try collect(body, reference: reference)
            case .parent(_, let overrides): for (_, body) in overrides.sorted(by: { $0.key < $1.key }) { try collect(body, reference: reference) }
            case .text, .variable, .partial: continue
            }
        }
    }

    private mutating func add(_ id: String, context: String? = nil, plural: String?, reference: String, numbered: Bool) throws {
        // A value alone ("{0}") is no message.
        guard id.contains(where: \.isLetter) else { return }
        let key = Language.key(id, context: context)
        if let at = index[key] {
            guard messages[at].plural == plural else { throw CatalogProblem("\(reference): “\(id)” has another plural at \(messages[at].references[0])") }
            if !messages[at].references.contains(reference) { messages[at].references.append(reference) }
            messages[at].numbered = messages[at].numbered || numbered
            return
        }
        index[key] = messages.count
        messages.append(Message(id: id, context: context, plural: plural, references: [reference], numbered: numbered))
    }

    /// The catalog template, as `msgmerge` and translators' tools read it.
    var template: String {
        var out = """
        # The messages of Photolala's pages, to translate into a language of your own:
        # copy this file to Locales/TAG.po (de, pt-BR), fill in each msgstr and the header.
        msgid ""
        msgstr ""
        "Project-Id-Version: Photolala\\n"
        "Language: \\n"
        "MIME-Version: 1.0\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        """
        for message in messages {
            out += "\n"
            for reference in message.references.prefix(4) { out += "#: \(reference)\n" }
            if message.numbered && message.id.contains("{0}") { out += "#, csharp-format\n" }
            if let context = message.context { out += "msgctxt \(POFile.quote(context))\n" }
            out += "msgid \(POFile.quote(message.id))\n"
            if let plural = message.plural {
                out += "msgid_plural \(POFile.quote(plural))\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"
            } else {
                out += "msgstr \"\"\n"
            }
        }
        return out
    }
}

struct CatalogProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Finds `Phrase("…")` and `Phrase(count: n, "…", "…")` in Swift source and reads their literals
/// as the messages `Phrase.Text` makes at run time: each interpolation `{0}`, `{1}`, ….
enum SwiftPhrases {
    struct Found {
        var id: String
        var context: String?
        var plural: String?
        var line: Int
    }

    static func find(in text: String) throws -> [Found] {
        let chars = Array(text)
        var found: [Found] = []
        var at = 0
        let opener = Array("Phrase(")
        while at + opener.count < chars.count {
            guard chars[at] == "P", Array(chars[at..<at + opener.count]) == opener,
                  at == 0 || !(chars[at - 1].isLetter || chars[at - 1].isNumber || chars[at - 1] == "_" || chars[at - 1] == ".")
            else { at += 1; continue }
            let line = chars[..<at].filter { $0 == "\n" }.count + 1
            // A phrase named in a comment is no message.
            var lineStart = at
            while lineStart > 0 && chars[lineStart - 1] != "\n" { lineStart -= 1 }
            if String(chars[lineStart..<at]).trimmingCharacters(in: .whitespaces).hasPrefix("//") { at += 1; continue }
            var cursor = at + opener.count
            func skipSpace() { while cursor < chars.count, chars[cursor].isWhitespace { cursor += 1 } }
            if chars[cursor] == "\"" {
                let (id, end) = try literal(chars, cursor)
                found.append(Found(id: id, plural: nil, line: line))
                cursor = end
            } else if Array(chars[cursor..<min(chars.count, cursor + 8)]) == Array("context:") {
                cursor += 8
                skipSpace()
                let (context, afterContext) = try literal(chars, cursor)
                cursor = afterContext
                while cursor < chars.count, chars[cursor].isWhitespace || chars[cursor] == "," { cursor += 1 }
                guard chars[cursor] == "\"" else { throw CatalogProblem("line \(line): Phrase(context:) needs a literal") }
                let (id, end) = try literal(chars, cursor)
                found.append(Found(id: id, context: context, plural: nil, line: line))
                cursor = end
            } else if Array(chars[cursor..<min(chars.count, cursor + 6)]) == Array("count:") {
                // skip the count's expression to the first comma outside brackets
                var depth = 0
                while cursor < chars.count {
                    let c = chars[cursor]
                    if c == "(" || c == "[" { depth += 1 }
                    if c == ")" || c == "]" { depth -= 1 }
                    if c == "," && depth == 0 { break }
                    cursor += 1
                }
                cursor += 1
                skipSpace()
                guard chars[cursor] == "\"" else { throw CatalogProblem("line \(line): Phrase(count:) needs literals") }
                let (one, afterOne) = try literal(chars, cursor)
                cursor = afterOne
                while cursor < chars.count, chars[cursor].isWhitespace || chars[cursor] == "," { cursor += 1 }
                guard chars[cursor] == "\"" else { throw CatalogProblem("line \(line): Phrase(count:) needs two literals") }
                let (other, afterOther) = try literal(chars, cursor)
                found.append(Found(id: one, plural: other, line: line))
                cursor = afterOther
            }
            at = cursor
        }
        return found
    }

    /// The message of the string literal starting at `start` (its opening quote), and where it ends.
    static func literal(_ chars: [Character], _ start: Int) throws -> (String, Int) {
        var out = ""
        var at = start + 1
        var placeholders = 0
        while at < chars.count {
            let c = chars[at]
            if c == "\"" { return (out, at + 1) }
            if c == "\n" { break }
            if c == "\\" {
                let next = chars[at + 1]
                switch next {
                case "(":
                    // an interpolation: skip to its closing bracket, over any literals inside
                    var depth = 1
                    var inner = at + 2
                    while depth > 0 && inner < chars.count {
                        if chars[inner] == "\"" { inner = try literal(chars, inner).1; continue }
                        if chars[inner] == "(" { depth += 1 }
                        if chars[inner] == ")" { depth -= 1 }
                        inner += 1
                    }
                    out += "{\(placeholders)}"
                    placeholders += 1
                    at = inner
                    continue
                case "n": out += "\n"
                case "t": out += "\t"
                case "u":
                    // \u{XXXX}
                    var hex = ""
                    var inner = at + 3
                    while inner < chars.count && chars[inner] != "}" { hex.append(chars[inner]); inner += 1 }
                    if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { out.unicodeScalars.append(scalar) }
                    at = inner + 1
                    continue
                default: out.append(next)
                }
                at += 2
                continue
            }
            out.append(c)
            at += 1
        }
        throw CatalogProblem("a Phrase's literal is not closed on its line")
    }
}
