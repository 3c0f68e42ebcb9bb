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
        let opened = try kind.make()
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
        try await store.restore(trashId: try #require(items.first).id, source: source)
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
        #expect(destroyed == 1)
        #expect(try await store.trashItems().isEmpty)
        #expect(try await store.trashKey(forContent: a.sha256) == nil)
        #expect(source.keys == ["trip/b.jpg"] && source.trashKeys.isEmpty)
        #expect(try await store.photo(key: "trip/b.jpg") != nil)
    }
}
