import Catalog

extension FolderCard {
    /// A folder's card: its photos and subfolders counted, its latest month, its cover.
    init(_ f: FolderSummary) {
        var count = Formatting.plural(f.totalCount, "photo", "photos")
        if f.folderCount > 0 { count += " · " + Formatting.plural(f.folderCount, "folder", "folders") }
        self.init(url: SiteURL.folder(f.path), name: f.name, countText: count,
                  dateText: f.latestTaken.map(Formatting.monthYear),
                  cover: f.coverSha.map { ThumbImage(sha256: $0, alt: "Cover of \(f.name.isEmpty ? "library root" : f.name)") })
    }
}
