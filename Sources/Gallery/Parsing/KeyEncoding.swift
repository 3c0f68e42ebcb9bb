import Foundation

/// Library keys in URLs: percent-encoded byte by byte on the way out, decoded segment by segment
/// on the way in. Whatever a request path holds, decoding answers a string or nil, never a trap.
enum KeyEncoding {
    /// Percent-encodes everything but unreserved characters (and `/` when `keepingSlashes`).
    /// Byte by byte into one buffer: every tile of a page links through here, so it must be cheap.
    static func encode(_ text: String, keepingSlashes: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if unreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The part of a raw request path after `prefix`, each `/`-separated segment percent-decoded;
    /// nil when the path does not start with `prefix` or a segment is not valid percent-encoded
    /// UTF-8. Not yet a safe key: the caller checks it with `SourceKey.isValid`.
    ///
    /// Read as bytes into one buffer (every folder and photo page's path comes through here), as
    /// Foundation's `removingPercentEncoding` reads each segment: a `%` must be followed by two
    /// hex digits, and the decoded bytes must be UTF-8 (`KeyEncodingTests` holds the two alike).
    static func decode(rawPath: String, prefix: String) -> String? {
        guard rawPath.hasPrefix(prefix) else { return nil }
        let rest = rawPath.utf8.dropFirst(prefix.utf8.count)
        // Without a `%` there is nothing to decode: `/` is kept either way.
        guard rest.contains(UInt8(ascii: "%")) else { return String(Substring(rest)) }
        // An encoded `/` stays inside its segment as it would decoded there: the segments are
        // joined with `/` all the same, so it reads as one. Each segment must be UTF-8 on its own,
        // as each was decoded alone; `/` never falls inside a multi-byte character, so the whole
        // is UTF-8 exactly when every segment is.
        return percentDecoded(rest).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The bytes with every `%XX` made the byte it names; nil when a `%` is not followed by two
    /// hex digits. The one percent-decoding of request paths (keys here, WebDAV's `Destination`).
    static func percentDecoded(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { out.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func unreserved(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }
}
