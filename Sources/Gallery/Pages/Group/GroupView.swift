/// A paged group view: a folder, a collection, a search, a tag or a share link's photos.
struct GroupView: PageModel {
    static let template = "group"
    var chrome: PageChrome
    var heading, summary: Phrase
    var folders: [FolderCard]
    var photos: [PhotoTile]
    var hasFolders, hasPhotos: Bool
    var sorts, orders: [SortChoice]
    /// On the Similar collection: how alike its photos must be, from nearly the same to loosely.
    var likeness: LikenessBar?
    var pagination: Pagination?
    var emptyMessage: Phrase?
    var filterForm: FilterForm?
    var share: ShareForm?
    /// The grid as a form of checkboxes and actions (select mode).
    var selection: SelectionForm?
    /// The way into select mode, for those who may act on photos, and the slideshow from this
    /// page's first photo.
    var selectURL, slideshowURL: SiteURL?
    /// The layout form (not on share links, whose pages keep one layout), the grid's size class,
    /// and the list view's rows (list mode only).
    var views: ViewForm?
    var gridClass = "photos rows"
    var list: ListView?
    /// An album's description and tools.
    var album: AlbumPanel?
    /// The upload form of an album's share link that takes photos.
    var shareUpload: ShareUploadBox?
    /// On a share link: all its photos as one zip.
    var downloadAll: SiteURL?
    /// A folder's or an album's privacy, and the form that changes it (the household's pages).
    var privacy: PrivacyForm?
    /// The timeline's stream: the scrubber of years and months beside the photos.
    var stream: TimelineScrubber?
    /// Whether the toolbar's "more" menu holds anything (an album's tools, privacy).
    var hasMore = false
    /// That an album is shared by link, until when and how, for its members (`partials/album-shared`).
    var albumShared: AlbumSharing?
    /// On the Similar collection: the page's photos as groups of look-alikes (`photos` stays
    /// the flat list, for the list view); nil on other groups.
    var lookAlikes: [LookAlikeBox]?

    /// Every tile's picture laid out for the layout `mode`.
    mutating func lay(in mode: ViewMode) {
        for i in photos.indices { photos[i].image.lay(in: mode) }
        for b in (lookAlikes ?? []).indices {
            for i in lookAlikes![b].photos.indices { lookAlikes![b].photos[i].image.lay(in: mode) }
        }
    }
}

/// The Similar collection's thresholds, as links.
struct LikenessBar: Encodable {
    var choices: [SortChoice]
}
