/// A gettext PO file (the format translators' tools read and write) as its entries. The reader
/// is total: any bytes give entries or a `POError` naming the line, never a trap. Comments are
/// skipped except the `fuzzy` flag, obsolete (`#~`) entries are dropped, and the entry with an
/// empty `msgid` is the header.
struct POFile: Sendable, Equatable {
    /// One message: its English text (with a plural, for counted messages) and its translations,
    /// one per plural form.
    struct Entry: Sendable, Equatable {
        var context: String?
        var id: String
        var plural: String?
        var strings: [String]
        /// A translation its translator marked as not yet right: not used.
        var fuzzy = false
    }

    var entries: [Entry]
    /// The header's `Name: value` lines (`Language`, `Plural-Forms`, ...).
    var header: [String: String]

    /// A PO file is a few hundred kilobytes; anything far larger is not one.
    static let maxBytes = 8 << 20

    static func parse(_ text: String) throws -> POFile {
        guard text.utf8.count <= maxBytes else { throw POError(line: 0, message: "the file is larger than \(maxBytes >> 20) MB") }
        var entries: [Entry] = []
        var fuzzy = false
        var current: Entry?
        /// Where continuation lines go: 0 context, 1 id, 2 plural, 3+ the translation `n - 3`.
        var target: Int?
        var sawString = false

        func finish() {
            if var entry = current, sawString || !entry.id.isEmpty || !entry.strings.isEmpty {
                entry.fuzzy = fuzzy
                entries.append(entry)
            }
            current = nil
            target = nil
            fuzzy = false
            sawString = false
        }
        func append(_ value: String, to slot: Int) {
            guard current != nil else { return }
            switch slot {
            case 0: current!.context = (current!.context ?? "") + value
            case 1: current!.id += value
            case 2: current!.plural = (current!.plural ?? "") + value
            default:
                let index = slot - 3
                while current!.strings.count <= index { current!.strings.append("") }
                current!.strings[index] += value
            }
        }

        // Line by line over the UTF-8 bytes: every byte the format gives meaning to is ASCII, and no
        // byte of a longer character is one of them, so nothing is read as a grapheme (the
        // characters' rules cost most of a server's start, five catalogs of 160 KB each).
        let bytes = Array(text.utf8)
        var number = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            number += 1
            var line = bytes[lineStart..<lineEnd]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let trimmed = line.drop { $0 == space || $0 == tab }
            guard let first = trimmed.first else { continue }
            if first == UInt8(ascii: "#") {
                if trimmed.starts(with: "#,".utf8),
                   trimmed.split(separator: UInt8(ascii: ",")).contains(where: { $0.trimmingSpaceBytes.elementsEqual("fuzzy".utf8) }) {
                    // A flag belongs to the entry that follows it.
                    if current != nil, sawString, target.map({ $0 >= 3 }) == true { finish() }
                    fuzzy = true
                }
                continue
            }
            if first == quoteByte {
                guard let slot = target else { throw POError(line: number, message: "a string continues nothing") }
                append(try unquote(bytes: trimmed, line: number), to: slot)
                continue
            }
            let keywordBytes = trimmed.prefix { $0 != space && $0 != tab && $0 != quoteByte }
            let rest = trimmed.dropFirst(keywordBytes.count).drop { $0 == space || $0 == tab }
            let value = try unquote(bytes: rest, line: number)
            let keyword = String(decoding: keywordBytes, as: UTF8.self)
            switch keyword {
            case "msgctxt":
                if current != nil { finish() }
                current = Entry(context: "", id: "", plural: nil, strings: [])
                target = 0
            case "msgid":
                // A msgid after a msgctxt is the same entry's; any other starts the next one.
                if current != nil && target != 0 { finish() }
                if current == nil { current = Entry(context: nil, id: "", plural: nil, strings: []) }
                target = 1
            case "msgid_plural":
                guard current != nil, target == 1 else { throw POError(line: number, message: "msgid_plural comes after a msgid") }
                target = 2
                current!.plural = ""
            default:
                guard keyword.hasPrefix("msgstr"), current != nil else {
                    throw POError(line: number, message: "“\(keyword.prefix(40))” is not a PO keyword")
                }
                let index: Int
                if keyword == "msgstr" {
                    index = 0
                } else if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                          let n = Int(keyword.dropFirst(7).dropLast()), (0..<16).contains(n) {
                    index = n
                } else {
                    throw POError(line: number, message: "“\(keyword.prefix(40))” is not a translation's keyword")
                }
                target = 3 + index
                sawString = true
            }
            append(value, to: target!)
        }
        finish()

        var header: [String: String] = [:]
        if let first = entries.first, first.id.isEmpty, first.context == nil {
            for line in (first.strings.first ?? "").split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                header[String(line[..<colon]).trimmingSpaces] = String(line[line.index(after: colon)...]).trimmingSpaces
            }
            entries.removeFirst()
        }
        return POFile(entries: entries, header: header)
    }

    /// The text of a quoted PO string, with its escapes read.
    static func unquote(_ text: Substring, line: Int) throws -> String {
        try unquote(bytes: Array(text.utf8)[...], line: line)
    }

    /// The text of a quoted PO string given as its UTF-8 bytes, with its escapes read. Byte by
    /// byte: an escape's letter followed by a combining mark ("\t" then U+0650) is one character,
    /// and read as one it lost its escape; the bytes of a longer character are never ASCII, so an
    /// escape or a quote is never taken from the middle of one.
    static func unquote(bytes text: ArraySlice<UInt8>, line: Int) throws -> String {
        var body = text
        while let last = body.last, last == space || last == tab { body = body.dropLast() }
        guard body.count >= 2, body.first == quoteByte, body.last == quoteByte else {
            throw POError(line: line, message: "a string is not in double quotes")
        }
        body = body.dropFirst().dropLast()
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var escaped = false
        for byte in body {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                default: out.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == quoteByte {
                throw POError(line: line, message: "a quote inside a string is not escaped")
            } else {
                out.append(byte)
            }
        }
        guard !escaped else { throw POError(line: line, message: "a string ends in a backslash") }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as a PO string, quoted and escaped.
    static func quote(_ text: String) -> String {
        var out = "\""
        // (scalar by scalar, as `unquote` reads it: "\r\n" is one character, and a quote or a
        // backslash with a combining mark after it is one too)
        for ch in text.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }
}

/// A PO file that cannot be read, with the line where it went wrong.
struct POError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { line > 0 ? "line \(line): \(message)" : message }
}

private let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), quoteByte = UInt8(ascii: "\"")

extension ArraySlice<UInt8> {
    /// Without the spaces and tabs at either end.
    var trimmingSpaceBytes: ArraySlice<UInt8> {
        var s = self
        while let first = s.first, first == space || first == tab { s = s.dropFirst() }
        while let last = s.last, last == space || last == tab { s = s.dropLast() }
        return s
    }
}

extension StringProtocol {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
