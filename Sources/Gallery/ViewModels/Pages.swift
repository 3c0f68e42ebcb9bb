/// The folder grid at `/`.
struct HomeView {
    var chrome: PageChrome
    var folders: [FolderCard]
    var summary: String
    var emptyMessage: String?
}

/// A paged group view (a folder for now).
struct GroupView {
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
}

/// The single-photo view.
struct PhotoView {
    struct Fact {
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
}

/// Live scan progress.
struct ScanView {
    struct Issue {
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
struct ErrorView {
    var chrome: PageChrome
    var status: Int
    var heading: String
    var message: String
}
