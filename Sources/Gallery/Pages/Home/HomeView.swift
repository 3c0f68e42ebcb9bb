import Catalog

/// The folder grid at `/`.
struct HomeView: PageModel {
    static let template = "home"
    /// A second list of cards, rendered with the same partial as folders.
    struct CardList: Encodable {
        var folders: [FolderCard]
    }
    var chrome: PageChrome
    var collections: CardList
    var folders: [FolderCard]
    var summary: String
    var emptyMessage: String?
    /// Photos from this day in earlier years, when there are any.
    var onThisDay: OnThisDay?
}

extension HomeView {
    /// The home page of a library whose root folder is `root` (nil before any scan), with its
    /// top-level folders' cards and the collections' cards. With no folder yet it says whether a
    /// scan is still finding them or found none.
    init(chrome: PageChrome, root: FolderSummary?, folders: [FolderCard], collections: [FolderCard], onThisDay: OnThisDay?,
         scan: ScanProgress, libraryName: String) {
        self.chrome = chrome
        self.collections = CardList(folders: collections)
        self.folders = folders
        summary = "\(Formatting.plural(root?.totalCount ?? 0, "photo", "photos")) · \(Formatting.plural(root?.folderCount ?? 0, "folder", "folders"))"
        if folders.isEmpty {
            emptyMessage = scan.isRunning || scan.phase == .idle
                ? "Scanning your library: folders appear here as they are found."
                : "No photos found in \(libraryName) yet. Add some and run a scan."
        }
        self.onThisDay = onThisDay
    }
}
