import Catalog

extension FolderCard {
    /// A folder's card: its photos and subfolders counted, the months its photos were taken in, its cover.
    init(_ f: FolderSummary) {
        let photos = Phrase(count: f.totalCount, "\(f.totalCount) photo", "\(f.totalCount) photos")
        let count = f.folderCount > 0
            ? Phrase.joined([photos, Phrase(count: f.folderCount, "\(f.folderCount) folder", "\(f.folderCount) folders")], separator: " · ")
            : photos
        self.init(url: SiteURL.folder(f.path), name: .verbatim(f.name), countText: count,
                  dateText: Phrase.months(f.earliestTaken, f.latestTaken),
                  cover: f.cover.map { ThumbImage($0, alt: f.name.isEmpty ? Phrase("Cover of library root") : Phrase("Cover of \(f.name)")) })
    }
}
