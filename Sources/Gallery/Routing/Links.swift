import Catalog

/// Where a page's links point: the gallery itself, or inside one share link, whose pages must
/// never link anywhere the link does not open.
struct Links: Sendable {
    /// `/share/<token>` on share pages; nil in the gallery.
    let sharePrefix: String?

    static let gallery = Links(sharePrefix: nil)
    static func share(_ token: String) -> Links { Links(sharePrefix: Paths.share(token)) }

    var isShared: Bool { sharePrefix != nil }

    func group(_ group: PhotoGroup, sort: PhotoSort? = nil, page: Int = 1) -> String {
        guard let prefix = sharePrefix else { return Paths.group(group, sort: sort, page: page) }
        return prefix + Paths.query(sort: sort ?? group.defaultSort, defaultSort: group.defaultSort, page: page)
    }

    /// A photo's page; in a share the group is the link's own, so it is not repeated in the URL.
    func photo(_ key: String, sort: PhotoSort? = nil, in group: PhotoGroup?, sharedGroup: PhotoGroup? = nil) -> String {
        guard let prefix = sharePrefix else { return Paths.photo(key, sort: sort, in: group) }
        let defaultSort = (sharedGroup ?? group)?.defaultSort ?? .default
        return prefix + "/photos/" + Paths.encodeKey(key) + Paths.query(sort: sort ?? defaultSort, defaultSort: defaultSort, page: 1)
    }

    func thumbnail(_ sha256: String, _ rendition: Paths.Rendition) -> String {
        (sharePrefix ?? "") + Paths.thumbnail(sha256, rendition)
    }

    func original(_ key: String) -> String {
        (sharePrefix ?? "") + Paths.original(key)
    }
}
