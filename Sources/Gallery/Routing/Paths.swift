import Foundation
import Catalog

/// Every URL the gallery links to, built in one place so routes and links cannot drift apart.
public enum Paths {
    public static let home = "/"
    public static let scan = "/scan"
    public static let stylesheet = "/static/style.css"
    public static let favicon = "/static/favicon.svg"
    public static let tags = "/tags"
    public static let search = "/search"
    public static let trash = "/trash"
    public static let confirmEmptyTrash = "/trash/empty"
    public static let login = "/login"
    public static let logout = "/logout"
    public static let account = "/account"
    public static let users = "/users"
    public static let upload = "/upload"
    public static let shared = "/shared"

    /// A share link's first page.
    public static func share(_ token: String) -> String { "/share/" + token }

    /// The sign-in page, coming back to `next` (a local path) afterwards.
    public static func login(next: String?) -> String {
        guard let next, next != home, isLocal(next) else { return login }
        return login + "?next=" + encodeSegment(next)
    }

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

    /// Where each state-changing form posts.
    public enum Action: String, CaseIterable, Sendable {
        case favorite, rate, tag, untag, delete, restore, share, unshare
        case emptyTrash = "empty-trash"
        case password
        case addUser = "user-add"
        case changeRole = "user-role"
        case resetPassword = "user-password"
        case removeUser = "user-remove"

        public var path: String { "/actions/" + rawValue }
    }

    /// Thumbnail sizes the endpoint serves; any other size is a 404.
    public enum Rendition: Int, CaseIterable, Sendable {
        /// Grid tile (square crop) and its 2x variant for `srcset`.
        case grid = 256, grid2x = 512
        /// The photo view's screen-sized rendition (fits inside the box, never upscaled).
        case screen = 1600
    }

    /// A folder's group page; `""` is the library root's own photos.
    public static func folder(_ path: String, sort: PhotoSort = .default, page: Int = 1) -> String {
        group(.folder(path), sort: sort, page: page)
    }

    /// Any group's page.
    public static func group(_ group: PhotoGroup, sort: PhotoSort? = nil, page: Int = 1) -> String {
        let base: String
        switch group {
        case .folder(let path): base = path.isEmpty ? "/folders" : "/folders/" + encodeKey(path)
        case .favorites: base = "/favorites"
        case .topRated: base = "/top-rated"
        case .tag(let name): base = "/tags/" + encodeSegment(name)
        case .recent: base = "/recent"
        case .duplicates: base = "/duplicates"
        case .all: base = search
        case .filtered(let inner, let filter):
            let url = self.group(inner, sort: sort ?? group.defaultSort, page: page)
            return appending(FilterQuery.pairs(filter), to: url)
        }
        return base + query(sort: sort ?? group.defaultSort, defaultSort: group.defaultSort, page: page)
    }

    /// Adds `name=value` pairs to a URL's query.
    static func appending(_ pairs: [(String, String)], to url: String) -> String {
        guard !pairs.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + queryString(pairs)
    }

    /// `name=value&…` with values percent-encoded.
    static func queryString(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(encodeSegment($0.1))" }.joined(separator: "&")
    }

    /// A photo's own page, in the context of a group (its folder when nil) under `sort`.
    public static func photo(_ key: String, sort: PhotoSort? = nil, in group: PhotoGroup? = nil) -> String {
        let defaultSort = group?.defaultSort ?? .default
        var q = query(sort: sort ?? defaultSort, defaultSort: defaultSort, page: 1)
        let (base, filter) = group?.parts ?? (.folder(""), SearchFilter())
        if let value = group?.queryValue, base.queryValue != nil {
            q += (q.isEmpty ? "?" : "&") + "in=" + encodeSegment(value)
        }
        return appending(FilterQuery.pairs(filter), to: "/photos/" + encodeKey(key) + q)
    }

    /// The confirmation page before a file goes to the trash.
    public static func confirmDelete(_ key: String) -> String { "/delete?key=" + encodeSegment(key) }

    /// The original file's bytes.
    public static func original(_ key: String) -> String { "/originals/" + encodeKey(key) }

    /// A content-addressed thumbnail.
    public static func thumbnail(_ sha256: String, _ rendition: Rendition) -> String {
        "/thumbs/\(rendition.rawValue)/\(sha256).jpg"
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
