import Imaging

/// The catalog's read side behind the gallery's pages: folders, group pages, single photos,
/// counts and covers. Implementations run their queries off the caller's task. Every read that
/// shows photos takes the viewer's `Sight`, and leaves out what is private to someone else.
public protocol PhotoQueries: Sendable {
    /// Grows whenever visible catalog content changes; caches key on it.
    var version: Int { get }
    /// Grows whenever the look-alikes measured in the background change, which `version` does
    /// not: a page that shows them (the Similar collection, a photo's, whose neighbours may be
    /// the collection's) keys on both.
    var likenessVersion: Int { get }
    /// Throws unless the catalog answers a trivial query (for the health endpoint).
    func checkHealth() async throws
    /// Subfolders of `parent` that hold photos, by name.
    func folders(in parent: String, sight: Sight) async throws -> [FolderSummary]
    /// One folder's summary, or nil when no photo lives in or below it.
    func folder(at path: String, sight: Sight) async throws -> FolderSummary?
    /// Page `number` (1-based) of a group with `viewer`'s favorite marks, or nil when out of range.
    /// An empty group has one empty page.
    func page(_ group: PhotoGroup, sort: PhotoSort, number: Int, perPage: Int, viewer: Viewer, sight: Sight) async throws -> PhotoPage?
    /// The file at `key` with its photo and curation as `viewer` sees it, or nil.
    func photo(key: String, viewer: Viewer, sight: Sight) async throws -> PhotoDetail?
    /// The previous and next photo of `group` under `sort`, and the photo's position in it.
    func neighbors(of photo: PhotoDetail, in group: PhotoGroup, sort: PhotoSort, perPage: Int, sight: Sight) async throws -> PhotoNeighbors
    /// A file holding the picture with this content hash, to render thumbnails from.
    func fileForContent(sha256: String, sight: Sight) async throws -> (key: String, format: ImageFormat)?
    /// Files and distinct photos in the catalog.
    func libraryCounts() async throws -> (files: Int, photos: Int)
    /// Number of files in the catalog.
    func fileCount() async throws -> Int
    /// The most recent scan problems, newest first.
    func scanIssues(limit: Int) async throws -> [ScanIssue]
    /// Every tag in use, with how many visible photos carry it, by name.
    func tagCounts(sight: Sight) async throws -> [TagCount]
    /// How many photos a group holds.
    func count(_ group: PhotoGroup, sight: Sight) async throws -> Int
    /// A cover for a group: its most recently taken photo.
    func cover(_ group: PhotoGroup, sight: Sight) async throws -> Picture?
    /// Whether the file at `key` is shown in `group`.
    func group(_ group: PhotoGroup, containsKey key: String, sight: Sight) async throws -> Bool
    /// Whether a photo with these bytes is shown in `group`.
    func group(_ group: PhotoGroup, containsSha256 sha256: String, sight: Sight) async throws -> Bool
    /// The ids of every file `group` shows (one a photo, or every copy for duplicates), in `sort`'s order.
    func fileIds(in group: PhotoGroup, sort: PhotoSort, sight: Sight) async throws -> [Int64]
    /// The files with these ids, in the order asked; unknown ids are left out.
    func files(ids: [Int64], sight: Sight) async throws -> [FileRef]
    /// The same files, each followed by the files that belong to it (a Live Photo's clip, its
    /// RAW), so a download of the shot holds all of it.
    func withCompanions(_ files: [FileRef], sight: Sight) async throws -> [FileRef]
    /// How many photos were taken in each month (camera dates), newest month first, and how many have no camera date.
    func timeline(sight: Sight) async throws -> (months: [TimelineMonth], undated: Int)
    /// Photos taken on this month and day in years before `year` (camera dates), newest first.
    func onThisDay(month: Int, day: Int, before year: Int, limit: Int, sight: Sight) async throws -> [(card: PhotoCard, year: Int)]
}

/// A month of the timeline.
public struct TimelineMonth: Sendable, Equatable {
    public var year, month, count: Int
    public init(year: Int, month: Int, count: Int) { (self.year, self.month, self.count) = (year, month, count) }
}

/// A file of the catalog, as a selection names it.
public struct FileRef: Sendable, Equatable {
    public var id, photoId: Int64
    public var key: String
    public var size: Int64

    public init(id: Int64, photoId: Int64, key: String, size: Int64) {
        (self.id, self.photoId, self.key, self.size) = (id, photoId, key, size)
    }
}

extension PhotoQueries {
    /// The 50 most recent scan problems.
    public func scanIssues() async throws -> [ScanIssue] {
        try await scanIssues(limit: 50)
    }
}
