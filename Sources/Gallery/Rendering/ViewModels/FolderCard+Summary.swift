import Catalog

extension FolderCard {
    /// A folder's card: its photos and subfolders counted, the months its photos were taken in, its cover.
    init(_ f: FolderSummary) {
        var count = Formatting.plural(f.totalCount, "photo", "photos")
        if f.folderCount > 0 { count += " · " + Formatting.plural(f.folderCount, "folder", "folders") }
        self.init(url: SiteURL.folder(f.path), name: f.name, countText: count,
                  dateText: Formatting.monthRange(f.earliestTaken, f.latestTaken),
                  cover: f.cover.map { ThumbImage($0, alt: "Cover of \(f.name.isEmpty ? "library root" : f.name)") })
    }
}
