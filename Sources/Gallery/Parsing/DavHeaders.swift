import Foundation

/// The small WebDAV request headers (RFC 4918, 10), each read totally: a value that does not
/// follow the grammar gives nil, never a trap, and the caller decides what nil means.
enum DavHeaders {
    /// The longest value read, in bytes; none of these headers is longer in honest use.
    static let maxBytes = 8_192

    /// The lock a `Timeout` header asks for, in seconds: its first `Second-N` or `Infinite` (any
    /// case), at most `maximum` (which `Infinite` is). Nil when absent or none is understood, so
    /// the server picks its default.
    static func timeout(_ value: String?, maximum: Int) -> Int? {
        guard let value, value.utf8.count <= maxBytes else { return nil }
        let ceiling = max(0, maximum)
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let item = trimmed(item).lowercased()
            if item == "infinite" { return ceiling }
            guard item.hasPrefix("second-") else { continue }
            let digits = item.utf8.dropFirst(7)
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { continue }
            // Digit by digit, stopping at the ceiling (or an overflow, with Int.max as the
            // ceiling), so no count of digits traps.
            var seconds = 0
            for digit in digits {
                let (tens, over) = seconds.multipliedReportingOverflow(by: 10)
                let (sum, past) = tens.addingReportingOverflow(Int(digit - 0x30))
                if over || past || sum >= ceiling { return ceiling }
                seconds = sum
            }
            return seconds
        }
        return nil
    }

    /// What an `Overwrite` header says: true for `T` and when absent, false for `F` (either
    /// case, as ABNF literals are), nil for anything else.
    static func overwrite(_ value: String?) -> Bool? {
        guard let value else { return true }
        switch trimmed(value) {
        case "T", "t": return true
        case "F", "f": return false
        default: return nil
        }
    }

    /// The state token of a `Lock-Token` header (`<token>`), or nil.
    static func lockToken(_ value: String?) -> String? {
        guard let value, value.utf8.count <= maxBytes else { return nil }
        let bytes = Array(trimmed(value).utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">") else { return nil }
        return DavIf.token(bytes[1..<(bytes.count - 1)])
    }

    /// A `Destination` header: an absolute `http` or `https` URI or an absolute path, its query
    /// and fragment dropped. Nil when it is neither, has user information, holds white space or
    /// control characters, or its path is not percent-encoded UTF-8 without NUL.
    static func destination(_ value: String?) -> DavDestination? {
        guard let value, value.utf8.count <= maxBytes else { return nil }
        let bytes = Array(trimmed(value).utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return nil }
        var at = 0
        var host: String?
        if bytes[0] == UInt8(ascii: "/") {
            // `//host/…` is a reference to another host, not an absolute path (RFC 3986, 4.2).
            guard bytes.count == 1 || bytes[1] != UInt8(ascii: "/") else { return nil }
        } else {
            // Bytes, not Characters: no letter outside ASCII may pass for one of the scheme's.
            let lowered = bytes.prefix(8).map { $0 | 0x20 }
            at = lowered.starts(with: "http://".utf8) ? 7 : lowered.starts(with: "https://".utf8) ? 8 : 0
            guard at > 0 else { return nil }
            let end = bytes[at...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            guard end > at, !bytes[at..<end].contains(UInt8(ascii: "@")) else { return nil }
            host = String(decoding: bytes[at..<end], as: UTF8.self)
            at = end
        }
        let end = bytes[at...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let path = bytes[at..<end]
        var segments: [String] = []
        for raw in path.split(separator: UInt8(ascii: "/")) {
            guard let segment = decoded(raw) else { return nil }
            segments.append(segment)
        }
        return DavDestination(host: host, segments: segments, trailingSlash: path.last == UInt8(ascii: "/"))
    }

    /// `value` without the spaces and tabs around it.
    static func trimmed(_ value: some StringProtocol) -> String {
        let bytes = Array(value.utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
              let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// A path segment percent-decoded, or nil when an escape is broken, a byte is NUL or the
    /// bytes are not UTF-8.
    private static func decoded(_ segment: ArraySlice<UInt8>) -> String? {
        guard let out = KeyEncoding.percentDecoded(segment), !out.contains(0) else { return nil }
        return String(validating: out, as: UTF8.self)
    }
}
