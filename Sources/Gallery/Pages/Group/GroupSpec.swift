import Catalog

/// One group page to show, whatever its kind (a folder, a collection, a search, a tag, a share
/// link): which photos, under what title, and where its links may lead.
struct GroupSpec {
    /// The photos before any filter in the address; a share link's own filter is part of it.
    let base: PhotoGroup
    /// A folder's or an album's name, or a collection's ("Top rated").
    let title: Phrase
    /// Who the page is for: the household, or a share link's holders.
    let audience: any GroupAudience
    /// The catalog as that audience may read it: the group's photos are read through it alone.
    let view: ScopedCatalog
    /// Breadcrumbs under the gallery's menu; share pages have neither.
    var crumbs: [Crumb] = []
    /// The folder shown, whose subfolders head its first page; nil for every other kind.
    var folder: FolderSummary?
    /// Before and after the "N photos" line, each set apart by " · ": who shared the link and until when.
    var summaryPrefix: Phrase?
    var summarySuffix: Phrase?
    /// An album's description and tools, above its photos (for the household).
    var album: AlbumPanel?
    /// A folder's or an album's privacy and its form (for the household).
    var privacy: PrivacyForm?
    /// The header's tab the page belongs to.
    var section: NavSection?
    /// The timeline's stream: every photo by day, newest first, with the scrubber beside it,
    /// made only when the page is rendered (its links, a few for each month of every year, are
    /// most of a kept page's request otherwise).
    var stream: TimelineScrubber.Plan?
    /// False when the page shows something the catalog's version does not follow (the
    /// scrubber while the months are still being counted): rendered, but not kept.
    var keepsPage = true
    /// An album's share links that open, for the household's members (`partials/album-shared`).
    var albumShared: AlbumSharing?

    /// The 404's text for a page past the last.
    func missingPage(_ number: Int) -> Phrase {
        folder != nil ? Phrase("Page \(number) does not exist: “\(title)” has fewer pages.") : Phrase("Page \(number) does not exist in “\(title)”.")
    }
}
