/// A place in the gallery (a page, a file, a form's target) as a root-relative path with its
/// query: every route is named and every link and redirect is built as one, so they cannot drift
/// apart. The base path (`--base-path`) goes in front only where one becomes text: `ViewEncoder`
/// writes it into pages, `BasePathResponder` onto redirects, both through `BasePath.apply(to:)`.
public struct SiteURL: Sendable, Hashable {
    /// Root-relative, with any query and fragment: `/folders/trip?page=2#p7`.
    public let path: String

    init(_ path: String) { self.path = path }

    /// The same place with `#id`, so the browser lands on that element.
    func fragment(_ id: String) -> SiteURL { SiteURL(path + "#" + id) }

    /// The same place with `name=value` pairs added to its query.
    func appending(_ pairs: [(String, String)]) -> SiteURL {
        guard !pairs.isEmpty else { return self }
        return SiteURL(path + (path.contains("?") ? "&" : "?") + SiteURL.queryString(pairs))
    }
}

extension SiteURL: CustomStringConvertible {
    /// The root-relative path, as logs and reflecting renderers show it.
    public var description: String { path }
}

extension SiteURL: Encodable {
    /// In a page, the path with the base path in front; for any other encoder, the bare path.
    public func encode(to encoder: any Encoder) throws {
        if let page = encoder as? ViewEncoder {
            page.write(.text(page.scope.base.apply(to: path)))
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(path)
    }
}
