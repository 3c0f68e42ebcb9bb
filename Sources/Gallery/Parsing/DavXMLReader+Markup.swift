import Foundation

extension DavXMLReader {
    /// Skips spaces, tabs and line ends; whether there were any.
    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = at
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        return at > start
    }

    /// A quoted attribute value, references expanded; a `<` in it is refused.
    mutating func attributeValue() throws(Failure) -> String {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
            throw Failure(reason: "an attribute value not quoted")
        }
        let quote = bytes[at]
        at += 1
        var value: [UInt8] = []
        while true {
            guard at < bytes.count else { throw Failure(reason: "an attribute value not closed") }
            let byte = bytes[at]
            if byte == quote { at += 1; break }
            if byte == UInt8(ascii: "<") { throw Failure(reason: "a < in an attribute value") }
            if byte == UInt8(ascii: "&") { value += String(try reference()).utf8; continue }
            value.append(byte)
            at += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Content text up to the next tag, and the reference that may end it, into `pending`.
    mutating func text() throws(Failure) {
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "<"), bytes[at] != UInt8(ascii: "&") { at += 1 }
        pending.append(contentsOf: bytes[start..<at])
        if at < bytes.count, bytes[at] == UInt8(ascii: "&") { pending += String(try reference()).utf8 }
    }

    /// The character a reference at `&` stands for: a character reference to an XML character,
    /// or one of the five predefined entities. Any other entity is refused, never looked up.
    mutating func reference() throws(Failure) -> Unicode.Scalar {
        at += 1
        if at < bytes.count, bytes[at] == UInt8(ascii: "#") {
            at += 1
            let hex = at < bytes.count && bytes[at] == UInt8(ascii: "x")
            if hex { at += 1 }
            var value: UInt32 = 0
            var digits = 0
            while at < bytes.count, bytes[at] != UInt8(ascii: ";") {
                guard let digit = Self.digit(bytes[at], hex: hex) else { throw Failure(reason: "a bad character reference") }
                // Checked at every digit, so the value never gets near overflowing.
                value = value * (hex ? 16 : 10) + digit
                guard value <= 0x10FFFF else { throw Failure(reason: "a character reference past U+10FFFF") }
                digits += 1
                at += 1
            }
            guard at < bytes.count, digits > 0 else { throw Failure(reason: "a bad character reference") }
            at += 1
            guard Self.isXMLChar(value), let scalar = Unicode.Scalar(value) else { throw Failure(reason: "a reference to a non-character") }
            return scalar
        }
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: ";"), at - start < 5 { at += 1 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: ";") else { throw Failure(reason: "an entity reference") }
        let expanded: Unicode.Scalar
        switch String(decoding: bytes[start..<at], as: UTF8.self) {
        case "lt": expanded = "<"
        case "gt": expanded = ">"
        case "amp": expanded = "&"
        case "quot": expanded = "\""
        case "apos": expanded = "'"
        default: throw Failure(reason: "an entity reference")
        }
        at += 1
        return expanded
    }

    /// Skips a processing instruction (the XML declaration among them) at `<?`.
    mutating func instruction() throws(Failure) {
        at += 2
        _ = try name()
        while at + 1 < bytes.count {
            if bytes[at] == UInt8(ascii: "?"), bytes[at + 1] == UInt8(ascii: ">") { at += 2; return }
            at += 1
        }
        throw Failure(reason: "a processing instruction not closed")
    }

    /// A comment (skipped) or, inside the root, a CDATA section (text) at `<!`. Anything else
    /// there is a DTD or one of its declarations, refused whatever it holds.
    mutating func declaration() throws(Failure) {
        if bytes[at...].starts(with: "<!--".utf8) {
            at += 4
            while at + 1 < bytes.count {
                if bytes[at] == UInt8(ascii: "-"), bytes[at + 1] == UInt8(ascii: "-") {
                    guard at + 2 < bytes.count, bytes[at + 2] == UInt8(ascii: ">") else { throw Failure(reason: "-- in a comment") }
                    at += 3
                    return
                }
                at += 1
            }
            throw Failure(reason: "a comment not closed")
        }
        guard bytes[at...].starts(with: "<![CDATA[".utf8) else { throw Failure(reason: "a DTD or markup declaration") }
        guard !open.isEmpty else { throw Failure(reason: "CDATA outside the root element") }
        at += 9
        let start = at
        while at + 2 < bytes.count {
            if bytes[at] == UInt8(ascii: "]"), bytes[at + 1] == UInt8(ascii: "]"), bytes[at + 2] == UInt8(ascii: ">") {
                pending.append(contentsOf: bytes[start..<at])
                at += 3
                return
            }
            at += 1
        }
        throw Failure(reason: "a CDATA section not closed")
    }
}
