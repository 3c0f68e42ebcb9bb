import Catalog
import Imaging

/// The catalog's reads as tests that are not about privacy ask them: seeing everything, as the
/// server's own work does. The gallery itself always names the viewer's `Sight`.
extension PhotoQueries {
    public func folders(in parent: String) async throws -> [FolderSummary] { try await folders(in: parent, sight: .everything) }
    public func folder(at path: String) async throws -> FolderSummary? { try await folder(at: path, sight: .everything) }
    public func page(_ group: PhotoGroup, sort: PhotoSort, number: Int, perPage: Int, viewer: Viewer) async throws -> PhotoPage? {
        try await page(group, sort: sort, number: number, perPage: perPage, viewer: viewer, sight: .everything)
    }
    /// Page `number` of a group as a guest sees it.
    public func page(_ group: PhotoGroup, sort: PhotoSort, number: Int, perPage: Int) async throws -> PhotoPage? {
        try await page(group, sort: sort, number: number, perPage: perPage, viewer: .guest, sight: .everything)
    }
    public func photo(key: String, viewer: Viewer) async throws -> PhotoDetail? { try await photo(key: key, viewer: viewer, sight: .everything) }
    /// The file at `key` as a guest sees it.
    public func photo(key: String) async throws -> PhotoDetail? { try await photo(key: key, viewer: .guest, sight: .everything) }
    public func neighbors(of photo: PhotoDetail, in group: PhotoGroup, sort: PhotoSort, perPage: Int) async throws -> PhotoNeighbors {
        try await neighbors(of: photo, in: group, sort: sort, perPage: perPage, sight: .everything)
    }
    /// Neighbours and position with the default page size.
    public func neighbors(of photo: PhotoDetail, in group: PhotoGroup, sort: PhotoSort) async throws -> PhotoNeighbors {
        try await neighbors(of: photo, in: group, sort: sort, perPage: 60, sight: .everything)
    }
    public func fileForContent(sha256: String) async throws -> (key: String, format: ImageFormat)? {
        try await fileForContent(sha256: sha256, sight: .everything)
    }
    public func tagCounts() async throws -> [TagCount] { try await tagCounts(sight: .everything) }
    public func count(_ group: PhotoGroup) async throws -> Int { try await count(group, sight: .everything) }
    public func cover(_ group: PhotoGroup) async throws -> Picture? { try await cover(group, sight: .everything) }
    public func group(_ group: PhotoGroup, containsKey key: String) async throws -> Bool {
        try await self.group(group, containsKey: key, sight: .everything)
    }
    public func group(_ group: PhotoGroup, containsSha256 sha256: String) async throws -> Bool {
        try await self.group(group, containsSha256: sha256, sight: .everything)
    }
    public func fileIds(in group: PhotoGroup, sort: PhotoSort) async throws -> [Int64] { try await fileIds(in: group, sort: sort, sight: .everything) }
    public func files(ids: [Int64]) async throws -> [FileRef] { try await files(ids: ids, sight: .everything) }
    public func withCompanions(_ files: [FileRef]) async throws -> [FileRef] { try await withCompanions(files, sight: .everything) }
    public func timeline() async throws -> (months: [TimelineMonth], undated: Int) { try await timeline(sight: .everything) }
    public func onThisDay(month: Int, day: Int, before year: Int, limit: Int) async throws -> [(card: PhotoCard, year: Int)] {
        try await onThisDay(month: month, day: day, before: year, limit: limit, sight: .everything)
    }
}

extension AlbumStore {
    public func albums() async throws -> [Album] { try await albums(sight: .everything) }
    public func album(id: Int64) async throws -> Album? { try await album(id: id, sight: .everything) }
    public func albums(containing photoId: Int64) async throws -> [Album] { try await albums(containing: photoId, sight: .everything) }
}

extension PlaceStore {
    public func placeCounts() async throws -> [PlaceCount] { try await placeCounts(sight: .everything) }
}

extension TrashStore {
    public func trashItems() async throws -> [TrashItem] { try await trashItems(sight: .everything) }
}

extension CurationStore {
    public func photoId(forKey key: String) async throws -> Int64? { try await photoId(forKey: key, sight: .everything) }
}
