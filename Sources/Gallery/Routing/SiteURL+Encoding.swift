import Foundation
import Catalog

/// Query strings and keys in URLs, and which paths stay on this site.
extension SiteURL {
    /// Whether `path` stays on this site as a browser reads a `Location`: browsers drop tabs and
    /// newlines and read `\` as `/`, so `/<TAB>/evil.example` and `/\evil.example` lead off-site.
    /// The path is checked as sent and once percent-decoded (`/%09/evil`, `/%2F/evil`), and has no
    /// control character or backslash at all.
    public static func isLocal(_ path: String) -> Bool {
        guard staysOnSite(path), !path.contains("\\"), let decoded = path.removingPercentEncoding else { return false }
        return staysOnSite(decoded)
    }

    /// A root-relative path with no control characters that does not become `//host` once `\` is read as `/`.
    private static func staysOnSite(_ path: String) -> Bool {
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
        let seen = path.replacingOccurrences(of: "\\", with: "/")
        return seen.hasPrefix("/") && !seen.hasPrefix("//")
    }

    /// `name=value&…` with values percent-encoded.
    static func queryString(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(encodeSegment($0.1))" }.joined(separator: "&")
    }

    /// Query string for a sort and page, leaving out defaults so URLs stay short.
    static func query(sort: PhotoSort, defaultSort: PhotoSort = .default, page: Int) -> String {
        var parts: [String] = []
        if sort.field != defaultSort.field { parts.append("sort=\(sort.field.rawValue)") }
        if sort.descending != defaultSort.descending { parts.append("order=\(sort.orderName)") }
        if page > 1 { parts.append("page=\(page)") }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// Percent-encodes each `/`-separated segment of a key.
    static func encodeKey(_ key: String) -> String { KeyEncoding.encode(key, keepingSlashes: true) }

    /// Percent-encodes everything but unreserved characters (so `/` too).
    static func encodeSegment(_ segment: String) -> String { KeyEncoding.encode(segment, keepingSlashes: false) }

    /// Decodes a raw request path after `prefix` into a key, or nil when it is not a clean relative key.
    static func decodeKey(rawPath: String, prefix: String) -> String? {
        guard let key = KeyEncoding.decode(rawPath: rawPath, prefix: prefix) else { return nil }
        return SourceKey.isValid(key) ? key : nil
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension SiteURL {
    /// The folder a folder page's request path names ("" for the library root), or nil when it names none.
    static func folderPath(fromPath rawPath: String) -> String? {
        if rawPath == rootFolder.path || rawPath == folderPrefix { return "" }
        return decodeKey(rawPath: rawPath, prefix: folderPrefix)
    }
}
