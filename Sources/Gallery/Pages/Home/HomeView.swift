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
    var summary: Phrase
    var emptyMessage: Phrase?
    /// Photos from this day in earlier years, when there are any.
    var onThisDay: OnThisDay?
    /// The choice of what `/` opens with, for a signed-in person.
    var start: StartForm?
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
        let (photos, folderCount) = (root?.totalCount ?? 0, root?.folderCount ?? 0)
        summary = Phrase.joined([Phrase(count: photos, "\(photos) photo", "\(photos) photos"),
                                 Phrase(count: folderCount, "\(folderCount) folder", "\(folderCount) folders")], separator: " · ")
        if folders.isEmpty {
            emptyMessage = scan.isRunning || scan.phase == .idle
                ? Phrase("Scanning your library: folders appear here as they are found.")
                : Phrase("No photos found in \(libraryName) yet. Add some and run a scan.")
        }
        self.onThisDay = onThisDay
    }
}
