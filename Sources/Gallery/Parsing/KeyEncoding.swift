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
    static func decode(rawPath: String, prefix: String) -> String? {
        guard rawPath.hasPrefix(prefix) else { return nil }
        let rest = rawPath.dropFirst(prefix.count)
        var segments: [String] = []
        for raw in rest.split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = String(raw).removingPercentEncoding else { return nil }
            segments.append(decoded)
        }
        return segments.joined(separator: "/")
    }

    private static func unreserved(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }
}
