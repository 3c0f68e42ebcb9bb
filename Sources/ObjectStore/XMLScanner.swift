import Foundation

/// A small, total reader of the plain XML an S3 server answers with: elements, text and the five
/// named entities and numeric references; declarations, comments, processing instructions and
/// attributes are passed over. Not a general XML parser: no DTDs, no namespaces beyond ignoring
/// them. Anything it cannot read (an unclosed tag, a bad reference, a close that does not match,
/// text that is not UTF-8, nesting past `maxDepth`) makes `events` nil; it never traps.
struct XMLScanner {
    /// One thing met in the document, in order.
    enum Event: Equatable {
        case open(String)
        case close(String)
        case text(String)
    }

    /// Deeper than any S3 answer goes.
    static let maxDepth = 16

    /// The document's events, or nil when it is not well-formed as far as this reader goes.
    static func events(_ bytes: [UInt8]) -> [Event]? {
        var events: [Event] = []
        var stack: [String] = []
        var i = 0
        let n = bytes.count
        var text: [UInt8] = []
        func flushText() -> Bool {
            guard !text.isEmpty else { return true }
            defer { text.removeAll(keepingCapacity: true) }
            guard let decoded = decode(text) else { return false }
            if !stack.isEmpty { events.append(.text(decoded)) }
            return true
        }
        while i < n {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "<") else {
                text.append(byte)
                i += 1
                continue
            }
            guard flushText() else { return nil }
            if starts(bytes, at: i, with: "<?") {
                guard let end = find(bytes, "?>", from: i + 2) else { return nil }
                i = end + 2
            } else if starts(bytes, at: i, with: "<!--") {
                guard let end = find(bytes, "-->", from: i + 4) else { return nil }
                i = end + 3
            } else if starts(bytes, at: i, with: "<![CDATA[") {
                guard let end = find(bytes, "]]>", from: i + 9), !stack.isEmpty else { return nil }
                guard let raw = String(validating: bytes[(i + 9)..<end], as: UTF8.self) else { return nil }
                events.append(.text(raw))
                i = end + 3
            } else if starts(bytes, at: i, with: "<!") {
                guard let end = find(bytes, ">", from: i + 2) else { return nil }
                i = end + 1
            } else {
                guard let end = find(bytes, ">", from: i + 1) else { return nil }
                let inside = bytes[(i + 1)..<end]
                i = end + 1
                if inside.first == UInt8(ascii: "/") {
                    guard let name = tagName(inside.dropFirst()), stack.last == name else { return nil }
                    stack.removeLast()
                    events.append(.close(name))
                } else {
                    let selfClosing = inside.last == UInt8(ascii: "/")
                    guard let name = tagName(selfClosing ? inside.dropLast() : inside) else { return nil }
                    guard stack.count < maxDepth else { return nil }
                    events.append(.open(name))
                    if selfClosing { events.append(.close(name)) } else { stack.append(name) }
                }
            }
        }
        guard stack.isEmpty, flushText() else { return nil }
        return events
    }

    /// The name at the start of a tag's inside (up to a space or the end), or nil when there is none.
    private static func tagName(_ inside: ArraySlice<UInt8>) -> String? {
        let name = inside.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        guard !name.isEmpty, !name.contains(UInt8(ascii: "<")) else { return nil }
        return String(validating: name, as: UTF8.self)
    }

    /// Text with its references replaced, or nil for a reference this reader does not know.
    static func decode(_ raw: [UInt8]) -> String? {
        guard raw.contains(UInt8(ascii: "&")) else { return String(validating: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            guard raw[i] == UInt8(ascii: "&") else {
                out.append(raw[i])
                i += 1
                continue
            }
            guard let semicolon = raw[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let name = raw[(i + 1)..<semicolon]
            i = semicolon + 1
            switch String(decoding: name, as: UTF8.self) {
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            case let reference where reference.hasPrefix("#"):
                let digits = reference.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, value > 0, let scalar = Unicode.Scalar(value) else { return nil }
                out += Array(String(Character(scalar)).utf8)
            default:
                return nil
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { Array($0) == Array(bytes[index..<(index + count)]) }
    }

    /// Where `needle` next starts at or after `from`, or nil.
    private static func find(_ bytes: [UInt8], _ needle: StaticString, from: Int) -> Int? {
        let pattern = needle.withUTF8Buffer { Array($0) }
        guard !pattern.isEmpty, from >= 0 else { return nil }
        var i = from
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0], Array(bytes[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }
}
