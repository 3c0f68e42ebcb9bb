import Foundation
import Testing
import TestSupport
@testable import Catalog

/// Who added what, in every implementation: the first upload of a picture is its adder's, an
/// album remembers who put each photo in it, and an account that goes leaves no name behind.
@Suite struct UploaderContract {
    @Test(arguments: StoreUnderTest.allCases)
    func theFirstUploadIsItsAddersAndAnAlbumRemembersWhoPutEachPhotoIn(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 30)
        try await CatalogSeed.catalogue([seed.picture("up/a.jpg", takenAt: 1_000), seed.picture("up/b.jpg", takenAt: 2_000),
                                         seed.picture("found/c.jpg", takenAt: 3_000)], in: store)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let max = try await store.addAccount(name: "max", passwordHash: "h", role: .admin, now: Date())
        let link = try await store.createShare(token: "t", accountId: max.id, kind: .folder, value: "up", filter: "", expiresAt: nil, now: 1)
        // when ada uploads a, then max sends a again and b comes through max's link
        try await store.recordUploader(keys: ["up/a.jpg"], account: ada.id, link: nil)
        try await store.recordUploader(keys: ["up/a.jpg"], account: max.id, link: nil)
        try await store.recordUploader(keys: ["up/b.jpg"], account: nil, link: link)
        // then each photo says who added it, and the scan's own says nothing
        #expect(try await store.photo(key: "up/a.jpg")?.uploader == .account("ada"))
        #expect(try await store.photo(key: "up/b.jpg")?.uploader == .link(madeBy: "max"))
        #expect(try await store.photo(key: "found/c.jpg")?.uploader == nil)
        // and the filter finds what ada uploaded, whatever the case of her name
        #expect(try await store.count(.filtered(.all, SearchFilter(addedBy: "ADA"))) == 1)
        #expect(try await store.count(.filtered(.folder("up"), SearchFilter(addedBy: "max"))) == 0)
        // when max puts a in an album, and the link's holders put b in it
        let album = try await store.createAlbum(name: "Trip", description: "", createdBy: max.id, now: Date())
        let a = try #require(try await store.photoId(forKey: "up/a.jpg")), b = try #require(try await store.photoId(forKey: "up/b.jpg"))
        #expect(try await store.addToAlbum(id: album.id, photoIds: [a], now: Date(), by: max.id) == 1)
        #expect(try await store.addToAlbum(id: album.id, photoIds: [b], now: Date(), throughShare: link) == 1)
        // then the album remembers each
        #expect(try await store.albumAdder(albumId: album.id, photoId: a) == .account("max"))
        #expect(try await store.albumAdder(albumId: album.id, photoId: b) == .link(madeBy: "max"))
        #expect(try await store.albumAdder(albumId: album.id, photoId: try #require(try await store.photoId(forKey: "found/c.jpg"))) == nil)
        // and when ada's account goes, her photo keeps no name, and nothing else changes
        try await store.removeAccount(id: ada.id)
        #expect(try await store.photo(key: "up/a.jpg")?.uploader == nil)
        #expect(try await store.count(.filtered(.all, SearchFilter(addedBy: "ada"))) == 0)
        #expect(try await store.albumAdder(albumId: album.id, photoId: a) == .account("max"))
        _ = opened
    }
}
