import Catalog

/// The folder grid at `/`.
struct HomeView: Encodable {
    /// A second list of cards, rendered with the same partial as folders.
    struct CardList: Encodable {
        var folders: [FolderCard]
    }
    var chrome: PageChrome
    var collections: CardList
    var folders: [FolderCard]
    var summary: String
    var emptyMessage: String?
}

/// A paged group view (a folder for now).
struct GroupView: Encodable {
    var chrome: PageChrome
    var heading: String
    var summary: String
    var folders: [FolderCard]
    var photos: [PhotoTile]
    var hasFolders: Bool
    var hasPhotos: Bool
    var sorts: [SortChoice]
    var orders: [SortChoice]
    var pagination: Pagination?
    var emptyMessage: String?
    var filterForm: FilterForm?
    var share: ShareForm?
}

/// The single-photo view.
struct PhotoView: Encodable {
    struct Fact: Encodable {
        var label: String
        var value: String
        var url: String?
    }
    var chrome: PageChrome
    var name: String
    var imageURL: String
    var width: Int
    var height: Int
    var previousURL: String?
    var nextURL: String?
    var positionText: String
    var backURL: String
    var backLabel: String
    var facts: [Fact]
    var downloadURL: String
    var downloadName: String
    var curation: CurationPanel?
}

/// Live scan progress.
struct ScanView: Encodable {
    struct Issue: Encodable {
        var key: String
        var reason: String
    }
    var chrome: PageChrome
    var heading: String
    var running: Bool
    var failure: String?
    var percent: Int
    var processedText: String
    var totalText: String
    var rateText: String
    var errorsText: String
    var current: String?
    var folders: [FolderCard]
    var issues: [Issue]
    var hasIssues: Bool
}

/// Any error, with the status it was answered with.
struct ErrorView: Encodable {
    var chrome: PageChrome
    var status: Int
    var heading: String
    var message: String
}

/// The favorite, stars, tags and delete controls of the photo view.
struct CurationPanel: Encodable {
    struct Star: Encodable {
        var value: Int
        var label: String
        var on: Bool
    }
    struct Tag: Encodable {
        var name: String
        var url: String
    }
    var csrf: String
    var key: String
    var back: String
    var isFavorite: Bool
    var favoriteValue: String
    var stars: [Star]
    var ratingText: String
    var tags: [Tag]
    var deleteURL: String
    /// Stars, tags and delete (members and admins); everyone signed in may favorite.
    var canCurate: Bool
    let favoriteAction = Paths.Action.favorite.path
    let rateAction = Paths.Action.rate.path
    let tagAction = Paths.Action.tag.path
    let untagAction = Paths.Action.untag.path
    let tagMaxLength = TagName.maxLength

    init(photo: PhotoDetail, csrf: String, back: String, canCurate: Bool) {
        self.canCurate = canCurate
        self.csrf = csrf
        key = photo.card.key
        self.back = back
        isFavorite = photo.isFavorite
        favoriteValue = photo.isFavorite ? "off" : "on"
        stars = (1...5).map { Star(value: $0, label: "\($0) star\($0 == 1 ? "" : "s")", on: $0 <= photo.rating) }
        ratingText = photo.rating == 0 ? "Not rated" : "\(photo.rating) of 5 stars"
        tags = photo.tags.map { Tag(name: $0, url: Paths.group(.tag($0))) }
        deleteURL = Paths.confirmDelete(photo.card.key)
    }
}

/// All tags with counts.
struct TagsView: Encodable {
    struct Tag: Encodable {
        var name: String
        var url: String
        var countText: String
    }
    var chrome: PageChrome
    var tags: [Tag]
    var summary: String
    var emptyMessage: String?
}

/// A confirmation step before something drastic.
struct ConfirmView: Encodable {
    var chrome: PageChrome
    var heading: String
    var message: String
    var image: ThumbImage?
    var action: String
    var dataAction: String
    var button: String
    var csrf: String
    var key: String
    var cancelURL: String
}

/// The trash, with restore buttons.
struct TrashView: Encodable {
    struct Item: Encodable {
        var id: Int64
        var key: String
        var name: String
        var image: ThumbImage?  // admins only: a trashed photo's renditions are theirs to fetch
        var trashedText: String
    }
    var chrome: PageChrome
    var items: [Item]
    var hasItems: Bool
    var summary: String
    var csrf: String
    var restoreAction: String
    var emptyURL: String
}
