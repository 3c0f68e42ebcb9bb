import Foundation

/// `application/x-www-form-urlencoded` text (`a=1&b=x+y&a=2`) as fields, each name with its
/// values in the order sent. Total: any text gives some fields, never a trap.
enum URLEncodedForm {
    /// The fields of a form body.
    static func fields(_ body: String) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            fields[name, default: []].append(value)
        }
        return fields
    }

    /// `+` as a space, then `%XX` escapes; a malformed escape, or bytes that are not UTF-8, give "".
    /// Byte by byte: every form post goes through here, and Foundation's string calls cost
    /// several times more.
    static func decode(_ raw: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return "" }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? ""
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
