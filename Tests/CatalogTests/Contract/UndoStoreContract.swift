import Foundation
import Testing
@testable import Catalog

/// What every `UndoStore` implementation must do: read the state before, put it back exactly,
/// and keep an undo once and for a while only.
@Suite struct UndoStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func aStepPutsBackExactlyWhatEachPhotoHadBefore(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 21)
        let pictures = (0..<6).map { seed.picture("trip/\($0).jpg", takenAt: Int64($0)) }
        try await CatalogSeed.catalogue(pictures, in: store)
        var ids: [Int64] = []
        for picture in pictures { ids.append(try #require(try await store.photoId(forKey: picture.key))) }
        let ada = try await store.addAccount(name: "ada", passwordHash: "x", role: .admin, now: Date())

        // stars: one photo had two of its own
        try await store.setRating(photoId: ids[0], 2)
        let ratings = try await store.undoStep(before: .ratings, photoIds: ids)
        _ = try await store.setRating(photoIds: ids, 5)
        #expect(try await store.apply(ratings) == 6)
        #expect(try await store.photo(key: "trip/0.jpg")?.rating == 2)
        #expect(try await store.photo(key: "trip/1.jpg")?.rating == 0)
        #expect(try await store.apply(ratings) == 0, "a second time changes nothing")

        // tags: one carried it, one had it removed here; the step puts both back
        try await store.addTags(photoId: ids[0], ["Lisbon"])
        try await store.addTags(photoId: ids[1], ["Lisbon"])
        try await store.removeTag(photoId: ids[1], "Lisbon")
        let tags = try await store.undoStep(before: .tags(["Lisbon"]), photoIds: ids)
        #expect(try await store.addTags(photoIds: ids, ["Lisbon"]) == 5)
        #expect(try await store.apply(tags) == 5)
        #expect(try await store.count(.tag("Lisbon")) == 1)
        #expect(try await store.photo(key: "trip/0.jpg")?.tags == ["Lisbon"])
        // and the removal is remembered again, as before the action
        if case .tags(let snapshots) = tags { #expect(snapshots[0].states.first { $0.photoId == ids[1] }?.removed == true) }

        // favorites of one viewer: only the photos the action changed go back
        try await store.setFavorite(photoId: ids[2], viewer: .account(ada.id), true)
        let favorites = try await store.undoStep(before: .favorites(.account(ada.id), becoming: true), photoIds: ids)
        #expect(favorites == .favorites(userId: ada.id, photoIds: ids.filter { $0 != ids[2] }.sorted(), on: false))
        _ = try await store.setFavorite(photoIds: ids, viewer: .account(ada.id), true)
        try await store.apply(favorites)
        #expect(try await store.count(.favorites(.account(ada.id))) == 1)

        // an album: taken-out photos come back in their places
        let album = try await store.createAlbum(name: "Best", description: "", createdBy: ada.id, now: Date())
        _ = try await store.addToAlbum(id: album.id, photoIds: ids, now: Date())
        let before = try await store.fileIds(in: .album(album.id), sort: PhotoSort(field: .album, descending: false))
        let removal = try await store.undoStep(before: .album(id: album.id), photoIds: [ids[1], ids[4]])
        _ = try await store.removeFromAlbum(id: album.id, photoIds: [ids[1], ids[4]])
        #expect(try await store.apply(removal) == 2)
        #expect(try await store.fileIds(in: .album(album.id), sort: PhotoSort(field: .album, descending: false)) == before)
        try await store.deleteAlbum(id: album.id)
        await #expect(throws: AlbumError.unknownAlbum) { try await store.apply(removal) }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func anUndoIsKeptOnceAndForAWhile(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let record = UndoRecord(accountId: nil, label: "Gave 3 photos 5 stars.", back: "/folders/trip", step: .ratings([
            .init(photoId: 1, rating: 2, setByUser: true)]), createdAt: now)
        try await store.keepUndo(record, tokenHash: "a")
        try await store.keepUndo(record, tokenHash: "b")
        // looking spends nothing: it can be looked at again, and taken after
        #expect(try await store.undo(tokenHash: "a", now: now.addingTimeInterval(30)) == record)
        #expect(try await store.undo(tokenHash: "a", now: now.addingTimeInterval(31)) == record)
        #expect(try await store.undo(tokenHash: "b", now: now.addingTimeInterval(UndoRecord.lifetime + 1)) == nil, "not once expired")
        #expect(try await store.takeUndo(tokenHash: "a", now: now.addingTimeInterval(60)) == record)
        #expect(try await store.takeUndo(tokenHash: "a", now: now.addingTimeInterval(61)) == nil, "once")
        #expect(try await store.undo(tokenHash: "a", now: now.addingTimeInterval(61)) == nil, "not after it was taken")
        #expect(try await store.takeUndo(tokenHash: "b", now: now.addingTimeInterval(UndoRecord.lifetime + 1)) == nil, "and for a while")
        #expect(try await store.takeUndo(tokenHash: "c", now: now) == nil)
        // old ones are forgotten as new ones are kept
        try await store.keepUndo(record, tokenHash: "d")
        var later = record
        later.createdAt = now.addingTimeInterval(UndoRecord.lifetime * 2)
        try await store.keepUndo(later, tokenHash: "e")
        #expect(try await store.takeUndo(tokenHash: "d", now: now) == nil)
        #expect(try await store.takeUndo(tokenHash: "e", now: later.createdAt) == later)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func undoingAdditionsAndRemovalsPutsBackMembershipOriginsAndMarks(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 22)
        let pictures = [seed.picture("trip/0.jpg", takenAt: 0, keywords: ["beach"]), seed.picture("trip/1.jpg", takenAt: 1),
                        seed.picture("trip/2.jpg", takenAt: 2)]
        try await CatalogSeed.catalogue(pictures, in: store)
        var ids: [Int64] = []
        for picture in pictures { ids.append(try #require(try await store.photoId(forKey: picture.key))) }
        let ada = try await store.addAccount(name: "ada", passwordHash: "x", role: .admin, now: Date())

        // an album's additions: the photos that were not in it go out again
        let album = try await store.createAlbum(name: "Best", description: "", createdBy: ada.id, now: Date())
        _ = try await store.addToAlbum(id: album.id, photoIds: [ids[0]], now: Date())
        let addition = try await store.undoStep(before: .album(id: album.id), photoIds: [ids[1], ids[2], ids[1]])
        #expect(addition == .album(id: album.id, [ids[1], ids[2]].sorted().map { UndoStep.AlbumState(photoId: $0, position: nil, addedAt: nil) }))
        #expect(try await store.addToAlbum(id: album.id, photoIds: ids, now: Date()) == 2)
        #expect(try await store.apply(addition) == 2)
        #expect(try await store.count(.album(album.id)) == 1)
        #expect(try await store.apply(addition) == 0, "a second time changes nothing")

        // a tag that came from the file comes back from the file, and is no longer remembered as removed
        let tags = try await store.undoStep(before: .tags(["Beach"]), photoIds: ids)
        #expect(try await store.removeTag(photoIds: ids, "beach") == 1)
        #expect(try await store.apply(tags) == 1)
        #expect(try await store.undoStep(before: .tags(["Beach"]), photoIds: ids) == tags)
        #expect(try await store.tagCounts() == [TagCount(name: "Beach", count: 1)])
        if case .tags(let snapshots) = tags {
            #expect(snapshots[0].states.map(\.fromFile) == ids.sorted().map { $0 == ids[0] ? Optional(true) : nil })
        }

        // favorites being unmarked: the marked ones are marked again
        _ = try await store.setFavorite(photoIds: [ids[0], ids[1]], viewer: .account(ada.id), true)
        let unmarking = try await store.undoStep(before: .favorites(.account(ada.id), becoming: false), photoIds: ids)
        #expect(unmarking == .favorites(userId: ada.id, photoIds: [ids[0], ids[1]].sorted(), on: true))
        #expect(try await store.setFavorite(photoIds: ids, viewer: .account(ada.id), false) == 2)
        #expect(try await store.apply(unmarking) == 2)
        #expect(try await store.count(.favorites(.account(ada.id))) == 2)

        // a trash step is the source's to undo: the catalog changes nothing
        #expect(try await store.apply(.trash(ids: [1])) == 0)

        // and an undo kept for an account is handed back to it as kept
        let record = UndoRecord(accountId: ada.id, label: "Removed 2 photos from Best.", back: "/albums/\(album.id)", step: addition,
                                createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        try await store.keepUndo(record, tokenHash: "f")
        #expect(try await store.takeUndo(tokenHash: "f", now: record.createdAt) == record)
    }
}
