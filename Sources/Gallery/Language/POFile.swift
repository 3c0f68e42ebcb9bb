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

        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { continue }
            if trimmed.first == "#" {
                if trimmed.hasPrefix("#,") && trimmed.split(separator: ",").contains(where: { $0.trimmingSpaces == "fuzzy" }) {
                    // A flag belongs to the entry that follows it.
                    if current != nil, sawString, target.map({ $0 >= 3 }) == true { finish() }
                    fuzzy = true
                }
                continue
            }
            if trimmed.first == "\"" {
                guard let slot = target else { throw POError(line: number, message: "a string continues nothing") }
                append(try unquote(trimmed, line: number), to: slot)
                continue
            }
            let keyword = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
            let rest = trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
            let value = try unquote(rest, line: number)
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
        // Scalar by scalar, not character by character: an escape's letter followed by a combining
        // mark ("\t" then U+0650) is one character, and read as one it lost its escape; so is the
        // opening quote with a mark after it.
        var body = text.unicodeScalars[...]
        while let last = body.last, last == " " || last == "\t" { body = body.dropLast() }
        guard body.count >= 2, body.first == "\"", body.last == "\"" else {
            throw POError(line: line, message: "a string is not in double quotes")
        }
        body = body.dropFirst().dropLast()
        var out = String.UnicodeScalarView()
        var escaped = false
        for ch in body {
            if escaped {
                switch ch {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                default: out.append(ch)
                }
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "\"" {
                throw POError(line: line, message: "a quote inside a string is not escaped")
            } else {
                out.append(ch)
            }
        }
        guard !escaped else { throw POError(line: line, message: "a string ends in a backslash") }
        return String(out)
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

extension StringProtocol {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
