import Foundation
import Catalog

/// Every URL the gallery links to, built in one place so routes and links cannot drift apart.
public enum Paths {
    public static let home = "/"
    public static let scan = "/scan"
    public static let stylesheet = "/static/style.css"
    public static let favicon = "/static/favicon.svg"

    /// Thumbnail sizes the endpoint serves; any other size is a 404.
    public enum Rendition: Int, CaseIterable, Sendable {
        /// Grid tile (square crop) and its 2x variant for `srcset`.
        case grid = 256, grid2x = 512
        /// The photo view's screen-sized rendition (fits inside the box, never upscaled).
        case screen = 1600
    }

    /// A folder's group page; `""` is the library root's own photos.
    public static func folder(_ path: String, sort: PhotoSort = .default, page: Int = 1) -> String {
        let base = path.isEmpty ? "/folders" : "/folders/" + encodeKey(path)
        return base + query(sort: sort, page: page)
    }

    /// A photo's own page, in the context of its folder under `sort`.
    public static func photo(_ key: String, sort: PhotoSort = .default) -> String {
        "/photos/" + encodeKey(key) + query(sort: sort, page: 1)
    }

    /// The original file's bytes.
    public static func original(_ key: String) -> String { "/originals/" + encodeKey(key) }

    /// A content-addressed thumbnail.
    public static func thumbnail(_ sha256: String, _ rendition: Rendition) -> String {
        "/thumbs/\(rendition.rawValue)/\(sha256).jpg"
    }

    /// Query string for a sort and page, leaving out defaults so URLs stay short.
    static func query(sort: PhotoSort, page: Int) -> String {
        var parts: [String] = []
        if sort.field != PhotoSort.default.field { parts.append("sort=\(sort.field.rawValue)") }
        if sort.descending { parts.append("order=desc") }
        if page > 1 { parts.append("page=\(page)") }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// Percent-encodes each `/`-separated segment of a key.
    static func encodeKey(_ key: String) -> String {
        key.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var out = ""
            for byte in segment.utf8 {
                if unreserved(byte) { out.unicodeScalars.append(UnicodeScalar(byte)) } else {
                    out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return out
        }.joined(separator: "/")
    }

    /// Decodes a raw request path after `prefix` into a key, or nil when it is not a clean relative key.
    static func decodeKey(rawPath: String, prefix: String) -> String? {
        guard rawPath.hasPrefix(prefix) else { return nil }
        let rest = rawPath.dropFirst(prefix.count)
        var segments: [String] = []
        for raw in rest.split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = String(raw).removingPercentEncoding else { return nil }
            segments.append(decoded)
        }
        let key = segments.joined(separator: "/")
        return SourceKey.isValid(key) ? key : nil
    }

    private static func unreserved(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
