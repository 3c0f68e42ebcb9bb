import Foundation
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// Sidecars in every implementation: each curation change marks its photo (whatever writes it),
/// a taken photo comes with what its sidecars say, a sidecar's word goes into the catalog, and
/// one that replaces changes not yet written is a conflict.
@Suite struct SidecarStoreContract {
    private func seeded(_ kind: StoreUnderTest) async throws -> (OpenedStore, a: Int64, b: Int64, ada: Account) {
        let opened = try await kind.make()
        var seed = CatalogSeed(seed: 29)
        try await CatalogSeed.catalogue([seed.picture("trip/a.jpg", takenAt: 1_000), seed.picture("trip/b.jpg", takenAt: 2_000)], in: opened.store)
        let ada = try await opened.store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let a = try #require(try await opened.store.photoId(forKey: "trip/a.jpg"))
        let b = try #require(try await opened.store.photoId(forKey: "trip/b.jpg"))
        // what the scan itself marked is written first
        try await Self.drain(opened.store)
        return (opened, a, b, ada)
    }

    /// Finishes every photo waiting, as if its sidecars were written.
    static func drain(_ store: any ContractStore) async throws {
        try await store.finishSidecars(try await store.pendingSidecars(after: 0, limit: 1_000))
    }

    @Test(arguments: StoreUnderTest.allCases)
    func everyCurationChangeMarksItsPhotoWithWhatToWrite(_ kind: StoreUnderTest) async throws {
        let (opened, a, b, ada) = try await seeded(kind)
        let store = opened.store
        #expect(try await store.pendingSidecars(after: 0, limit: 10).isEmpty)
        // when stars, tags, a caption, a turn and a favorite change
        try await store.setRating(photoId: a, 4)
        try await store.addTags(photoId: a, ["Beach", "sea & sun"])
        try await store.setCaption(photoId: a, "At the <beach>")
        _ = try await store.rotate(photoId: a, clockwise: true)
        try await store.setFavorite(photoId: b, viewer: .account(ada.id), true)
        // then both photos wait, each with what its sidecars are to say
        let work = try await store.pendingSidecars(after: 0, limit: 10)
        #expect(work.map(\.photoId) == [a, b].sorted())
        let first = try #require(work.first { $0.photoId == a })
        #expect(first.keys == ["trip/a.jpg"])
        #expect(first.curation == XMPSidecar.Curation(rating: 4, tags: ["Beach", "sea & sun"], caption: "At the <beach>", rotation: 90, favoriteOf: []))
        let second = try #require(work.first { $0.photoId == b })
        #expect(second.curation.favoriteOf == ["ada"] && second.curation.label == XMPSidecar.favoriteLabel)
        #expect(try await store.pendingSidecars(after: min(a, b), limit: 10).map(\.photoId) == [max(a, b)])
        // and a photo that changed again while its sidecars were written keeps waiting; the other stops
        try await store.setRating(photoId: a, 3)
        try await store.finishSidecars(work)
        #expect(try await store.pendingSidecars(after: 0, limit: 10).map(\.photoId) == [a])
        try await Self.drain(store)
        #expect(try await store.pendingSidecars(after: 0, limit: 10).isEmpty)
        // and a change that sets what was there already marks nothing; removing a tag does
        try await store.setCaption(photoId: a, "At the <beach>")
        #expect(try await store.pendingSidecars(after: 0, limit: 10).isEmpty)
        try await store.removeTag(photoId: a, "beach")
        #expect(try await store.pendingSidecars(after: 0, limit: 10).map(\.photoId) == [a])
        // and cleared, nothing waits
        try await store.clearPendingSidecars()
        #expect(try await store.pendingSidecars(after: 0, limit: 10).isEmpty)
        // and marking every curated photo marks both, not a photo without curation
        #expect(try await store.markCuratedPhotosForSidecars() == 2)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aSidecarsWordGoesIntoTheCatalogAndAConflictIsNamed(_ kind: StoreUnderTest) async throws {
        let (opened, a, _, ada) = try await seeded(kind)
        let store = opened.store
        try await store.addTags(photoId: a, ["old"])
        try await Self.drain(store)
        // when a sidecar says everything
        let said = XMPSidecar.Curation(rating: 3, tags: ["Paris", "night"], caption: "Eiffel", rotation: 270, favoriteOf: ["ada", "nobody"])
        let applied = try #require(try await store.applySidecar(said, toFileAt: "trip/a.jpg"))
        // then the photo carries it, and it was no conflict (nothing here waited to be written)
        #expect(applied.changed == ["stars", "caption", "turn", "tags", "favorites"] && !applied.conflict)
        let detail = try #require(try await store.photo(key: "trip/a.jpg", viewer: .account(ada.id)))
        #expect(detail.card.rating == 3 && detail.caption == "Eiffel" && detail.card.rotation == .left)
        #expect(Set(detail.tags.map { $0.lowercased() }) == ["paris", "night"])
        #expect(detail.isFavorite)
        // and saying it again changes nothing
        #expect(try await store.applySidecar(said, toFileAt: "trip/a.jpg")?.changed == [])
        // and once a change made here waits to be written, a sidecar that says otherwise is a conflict
        try await Self.drain(store)
        try await store.setRating(photoId: a, 5)
        let conflict = try #require(try await store.applySidecar(XMPSidecar.Curation(rating: 1), toFileAt: "trip/a.jpg"))
        #expect(conflict.conflict && conflict.changed == ["stars"])
        #expect(try await store.photo(key: "trip/a.jpg")?.card.rating == 1)
        // and a sidecar whose file the catalog does not hold goes nowhere
        #expect(try await store.applySidecar(said, toFileAt: "trip/none.jpg") == nil)
        // and a turn said only by tiff:Orientation is read against the file's own orientation
        _ = try await store.applySidecar(XMPSidecar.Curation(orientation: 3), toFileAt: "trip/a.jpg")
        #expect(try await store.photo(key: "trip/a.jpg")?.card.rotation == .half)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func sidecarStatesAreRecordedAndForgotten(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        try await store.recordSidecars(["a.jpg.xmp": FileState(size: 10, mtimeNs: 1), "b.xmp": FileState(size: 20, mtimeNs: 2)])
        try await store.recordSidecars(["a.jpg.xmp": FileState(size: 11, mtimeNs: 3)])
        #expect(try await store.sidecarStates(keys: nil) == ["a.jpg.xmp": FileState(size: 11, mtimeNs: 3), "b.xmp": FileState(size: 20, mtimeNs: 2)])
        #expect(try await store.sidecarStates(keys: ["b.xmp", "c.xmp"]) == ["b.xmp": FileState(size: 20, mtimeNs: 2)])
        try await store.forgetSidecars(keys: ["b.xmp"])
        #expect(try await store.sidecarStates(keys: nil).keys.sorted() == ["a.jpg.xmp"])
    }
}
