import Catalog

/// A live share link as its holders opened it: the link, its token and title, and the one view
/// of the catalog everything they reach is read through (`ScopedCatalog` for `.link`: the link's
/// group alone, nobody's private photo, places only if its maker chose).
struct OpenLink: Sendable {
    let link: ShareLink
    let token: String
    /// What the link shows.
    let group: PhotoGroup
    let title: Phrase
    /// An album's link's album, as anyone may see it (its description heads the page).
    let album: Album?
    let view: ScopedCatalog

    init(_ link: ShareLink, token: String, group: PhotoGroup, title: Phrase, album: Album?, reads: CatalogReads) {
        (self.link, self.token, self.group, self.title, self.album) = (link, token, group, title, album)
        view = reads.view(for: .link(group: group, maker: link.accountId, showsPlaces: link.showsPlaces))
    }

    /// Every address of the link's pages is under it.
    var scope: SiteURL.Scope { .share(token) }
}
