import Foundation
import Testing
import TestSupport
@testable import Catalog

/// What every `TrashStore` implementation must keep true: a trashed file leaves the library's
/// pages and comes back with its curation, and emptying destroys only trashed bytes. Moves a kill
/// interrupted are tested in `TrashRecoveryTests`, against every source.
@Suite struct TrashStoreContract {
    /// A store with two catalogued pictures whose bytes are in an in-memory source.
    func setup(_ kind: StoreUnderTest) async throws -> (OpenedStore, InMemorySource, CatalogSeed.Picture) {
        let opened = try await kind.make()
        var seed = CatalogSeed(seed: 40)
        let a = seed.picture("trip/a.jpg", takenAt: 1, rating: 4)
        let b = seed.picture("trip/b.jpg", takenAt: 2)
        try await CatalogSeed.catalogue([a, b], in: opened.store)
        let source = InMemorySource()
        source.put(a.key, Array(repeating: 1, count: 16))
        source.put(b.key, Array(repeating: 2, count: 16))
        return (opened, source, a)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aTrashItemsIdIsNeverHandedOutAgain(_ kind: StoreUnderTest) async throws {
        // given a file moved to the trash, whose item id an undo may hold
        let (opened, source, a) = try await setup(kind)
        let store = opened.store
        try await store.moveToTrash(key: a.key, source: source)
        let first = try #require(try await store.trashItems().first?.id)
        // when the trash is emptied and another file is moved there
        _ = try await store.emptyTrash(source: source)
        try await store.moveToTrash(key: "trip/b.jpg", source: source)
        // then the new item has an id of its own
        let second = try #require(try await store.trashItems().first?.id)
        #expect(second != first)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aTrashedFileLeavesThePagesAndComesBackWithItsStars(_ kind: StoreUnderTest) async throws {
        // given a rated picture
        let (opened, source, a) = try await setup(kind)
        let store = opened.store
        try await store.setRating(photoId: try #require(try await store.photoId(forKey: a.key)), 4)
        // when it goes to the trash
        try await store.moveToTrash(key: a.key, source: source)
        // then it is listed there, not in the library, and its content is only in the trash
        let items = try await store.trashItems()
        #expect(items.map(\.key) == [a.key])
        #expect(try await store.photo(key: a.key) == nil)
        #expect(try await store.contentOnlyInTrash() == [a.sha256])
        #expect(try await store.trashKey(forContent: a.sha256) != nil)
        #expect(source.keys == ["trip/b.jpg"])
        await #expect(throws: CurationError.alreadyInTrash(a.key)) { try await store.moveToTrash(key: a.key, source: source) }
        // when it is restored, then it is back with its stars and the trash is empty
        try await store.restore(trashId: try #require(items.first).id, sight: .everything, source: source)
        #expect(try await store.photo(key: a.key)?.rating == 4)
        #expect(try await store.trashItems().isEmpty)
        #expect(try await store.contentOnlyInTrash().isEmpty)
        #expect(source.keys == ["trip/a.jpg", "trip/b.jpg"] && source.trashKeys.isEmpty)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func emptyingDestroysOnlyTrashedBytes(_ kind: StoreUnderTest) async throws {
        // given one of two pictures in the trash
        let (opened, source, a) = try await setup(kind)
        let store = opened.store
        try await store.moveToTrash(key: a.key, source: source)
        // when the trash is emptied
        let destroyed = try await store.emptyTrash(source: source)
        // then that file is gone for good and the other is untouched
        #expect(destroyed == TrashEmptying(destroyed: 1, kept: 0))
        #expect(try await store.trashItems().isEmpty)
        #expect(try await store.trashKey(forContent: a.sha256) == nil)
        #expect(source.keys == ["trip/b.jpg"] && source.trashKeys.isEmpty)
        #expect(try await store.photo(key: "trip/b.jpg") != nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func emptyingKeepsTheRowOfBytesThatCouldNotBeDeleted(_ kind: StoreUnderTest) async throws {
        // given a picture in the trash of a source whose deletes fail for now
        let (opened, memory, a) = try await setup(kind)
        let store = opened.store
        let source = FailingSource(memory)
        try await store.moveToTrash(key: a.key, source: source)
        source.failTrashDeletes("The server answered 500.")
        // when the trash is emptied
        let emptied = try await store.emptyTrash(source: source)
        // then the file is kept, still listed, its bytes still there
        #expect(emptied == TrashEmptying(destroyed: 0, kept: 1))
        #expect(try await store.trashItems().map(\.key) == [a.key])
        #expect(memory.trashKeys.count == 1)
        #expect(try await store.recoverTrashMoves(source: source) == 0, "the kept row is settled, not left pending")
        // when deletes work again and the trash is emptied again
        source.failTrashDeletes(nil)
        let again = try await store.emptyTrash(source: source)
        // then it goes
        #expect(again == TrashEmptying(destroyed: 1, kept: 0))
        #expect(try await store.trashItems().isEmpty && memory.trashKeys.isEmpty)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func emptyingCountsBytesAlreadyGoneAsDestroyed(_ kind: StoreUnderTest) async throws {
        // given a trashed picture whose bytes someone already removed from the trash
        let (opened, source, a) = try await setup(kind)
        let store = opened.store
        try await store.moveToTrash(key: a.key, source: source)
        for trashKey in source.trashKeys { try await source.deleteFromTrash(trashKey) }
        // when the trash is emptied
        let emptied = try await store.emptyTrash(source: source)
        // then the row goes: there is nothing left to keep
        #expect(emptied == TrashEmptying(destroyed: 1, kept: 0))
        #expect(try await store.trashItems().isEmpty)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aShotGoesToTheTrashWithItsClipAndComesBackWithIt(_ kind: StoreUnderTest) async throws {
        // given a Live Photo (a still and its short clip) beside another picture
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 41)
        let still = seed.picture("trip/IMG_1.jpg", takenAt: 1)
        var clip = seed.video("trip/IMG_1.mp4", takenAt: 1)
        clip.video?.duration = 2.5
        let other = seed.picture("trip/b.jpg", takenAt: 2)
        try await CatalogSeed.catalogue([still, clip, other], in: store)
        let source = InMemorySource()
        for (n, picture) in [still, clip, other].enumerated() { source.put(picture.key, Array(repeating: UInt8(n), count: 16)) }
        #expect(try await store.count(.folder("trip")) == 2)
        // when the still goes to the trash
        try await store.moveToTrash(key: still.key, source: source)
        // then its clip goes with it, and only the still is listed
        #expect(source.keys == [other.key] && source.trashKeys.count == 2)
        let items = try await store.trashItems()
        #expect(items.map(\.key) == [still.key])
        #expect(try await store.count(.folder("trip")) == 1)
        // when it is restored, then both come back, one shot again
        try await store.restore(trashId: try #require(items.first).id, sight: .everything, source: source)
        #expect(source.keys == [clip.key, still.key, other.key].sorted() && source.trashKeys.isEmpty)
        #expect(try await store.trashItems().isEmpty)
        #expect(try await store.count(.folder("trip")) == 2)
        await #expect(throws: CurationError.unknownTrashItem) { try await store.restore(trashId: try #require(items.first).id, sight: .everything, source: source) }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aKillBetweenTheStepsOfAMoveIsSettledAtTheNextStart(_ kind: StoreUnderTest) async throws {
        // given a rated picture and another, and the steps a kill can fall between
        let (opened, source, a) = try await setup(kind)
        let store = opened.store
        let steps = try #require((store as? CatalogStore)?.trashSteps ?? (store as? PostgresCatalog)?.trashSteps)
        try await store.setRating(photoId: try #require(try await store.photoId(forKey: a.key)), 4)

        // a delete killed after the file moved is finished
        let begun = try await steps.beginTrash(key: a.key, partOf: nil)
        try await source.moveToTrash(a.key, as: begun.trashKey)
        #expect(try await store.recoverTrashMoves(source: source) == 1)
        #expect(try await store.photo(key: a.key) == nil)
        let item = try #require(try await store.trashItems().first)
        #expect(item.key == a.key && item.id == begun.id)

        // a restore killed before the file moved leaves it in the trash
        _ = try #require(try await steps.beginRestore(trashId: item.id))
        #expect(try await store.recoverTrashMoves(source: source) == 1)
        #expect(try await store.trashItems().map(\.id) == [item.id])
        #expect(try await store.photo(key: a.key) == nil)

        // a restore killed after the file moved is finished, with the stars
        let row = try #require(try await steps.beginRestore(trashId: item.id))
        #expect(try await steps.beginRestore(trashId: item.id) == nil, "a restore under way is not begun twice")
        _ = try await source.restore(fromTrash: row.trashPath, to: a.key)
        #expect(try await store.recoverTrashMoves(source: source) == 1)
        #expect(try await store.trashItems().isEmpty)
        #expect(try await store.photo(key: a.key)?.rating == 4)

        // a delete killed before the file moved is undone
        _ = try await steps.beginTrash(key: "trip/b.jpg", partOf: nil)
        #expect(try await store.recoverTrashMoves(source: source) == 1)
        #expect(try await store.photo(key: "trip/b.jpg") != nil)
        #expect(try await store.trashItems().isEmpty)
        #expect(source.keys == [a.key, "trip/b.jpg"])

        // an emptying killed after one file is finished
        try await store.moveToTrash(key: a.key, source: source)
        try await store.moveToTrash(key: "trip/b.jpg", source: source)
        let rows = try await steps.beginEmptying()
        #expect(rows.count == 2)
        try await source.deleteFromTrash(rows[0].trashPath)
        #expect(try await store.recoverTrashMoves(source: source) == 2)
        #expect(try await steps.pendingTrashCount() == 0)
        #expect(try await store.trashItems().isEmpty && source.trashKeys.isEmpty)
        #expect(try await store.recoverTrashMoves(source: source) == 0, "nothing is left to settle")
    }
}
