import Foundation
import Testing
@testable import Catalog

/// What every catalog must do so a share link names one group for as long as that group lives:
/// ids a link holds are never handed out again, and a group that ends ends its links for good.
@Suite struct LastingLinkContract {
    @Test(arguments: StoreUnderTest.allCases)
    func aDeletedAlbumsIdIsNeverAnotherAlbumsAndItsLinkStaysEnded(_ kind: StoreUnderTest) async throws {
        // given an album "Trip" with a link to it
        let opened = try await kind.make()
        let store = opened.store
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let trip = try await store.createAlbum(name: "Trip", description: "", createdBy: bo.id, now: Date())
        _ = try await store.createShare(token: "t1", accountId: bo.id, kind: .album, value: String(trip.id), filter: "", expiresAt: nil, now: 100)
        #expect(try await store.share(token: "t1")?.endedAt == nil)
        // when it is deleted and another album is made
        try await store.deleteAlbum(id: trip.id)
        let family = try await store.createAlbum(name: "PrivateFamily", description: "", createdBy: bo.id, now: Date())
        // then the new album has an id of its own, and the old link is ended
        #expect(family.id != trip.id)
        #expect(try await store.share(token: "t1")?.endedAt != nil)
        // and a link deleted leaves its id unused too
        let second = try await store.createShare(token: "t2", accountId: bo.id, kind: .album, value: String(family.id), filter: "", expiresAt: nil, now: 100)
        try await store.deleteShare(id: second, accountId: nil)
        let third = try await store.createShare(token: "t3", accountId: bo.id, kind: .album, value: String(family.id), filter: "", expiresAt: nil, now: 100)
        #expect(third != second)
        #expect(try await store.share(token: "t3")?.endedAt == nil, "the new album's own link is live")
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aTagThatNoPhotoCarriesEndsItsLinksEvenWhenItIsUsedAgain(_ kind: StoreUnderTest) async throws {
        // given two photos, one tagged "beach", with a link to the tag
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 7)
        let pictures = (0..<2).map { seed.picture("trip/\($0).jpg", takenAt: Int64($0)) }
        try await CatalogSeed.catalogue(pictures, in: store)
        let a = try #require(try await store.photoId(forKey: "trip/0.jpg"))
        let b = try #require(try await store.photoId(forKey: "trip/1.jpg"))
        try await store.addTags(photoId: a, ["beach"])
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        _ = try await store.createShare(token: "t1", accountId: bo.id, kind: .tag, value: "beach", filter: "", expiresAt: nil, now: 100)
        // when the tag comes off its last photo, then goes on another
        try await store.removeTag(photoId: a, "beach")
        try await store.addTags(photoId: b, ["beach"])
        // then the link stays ended: the new "beach" is not the group it was made for
        #expect(try await store.share(token: "t1")?.endedAt != nil)
        // while a link to a tag still carried stays live
        _ = try await store.createShare(token: "t2", accountId: bo.id, kind: .tag, value: "beach", filter: "", expiresAt: nil, now: 100)
        try await store.addTags(photoId: a, ["beach"])
        try await store.removeTag(photoId: a, "beach")
        #expect(try await store.share(token: "t2")?.endedAt == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aFolderThatIsGoneEndsItsLinksAndTheRootNever(_ kind: StoreUnderTest) async throws {
        // given photos in two folders, with links to each and to the whole library
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 9)
        try await CatalogSeed.catalogue([seed.picture("trip/a.jpg", takenAt: 1), seed.picture("home/b.jpg", takenAt: 2)], in: store)
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        for (token, folder) in [("t1", "trip"), ("t2", "home"), ("t3", "")] {
            _ = try await store.createShare(token: token, accountId: bo.id, kind: .folder, value: folder, filter: "", expiresAt: nil, now: 100)
        }
        // when trip's only file leaves the library, and a file of that name comes back later
        try await store.removeFiles(keys: ["trip/a.jpg"])
        try await store.rebuildFolders()
        #expect(try await store.share(token: "t1")?.endedAt != nil)
        try await CatalogSeed.catalogue([seed.picture("trip/c.jpg", takenAt: 3)], in: store)
        // then its link stays ended, and the others stay live
        #expect(try await store.share(token: "t1")?.endedAt != nil)
        #expect(try await store.share(token: "t2")?.endedAt == nil)
        #expect(try await store.share(token: "t3")?.endedAt == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func uploadsTakenAndNotUsedAreGivenBack(_ kind: StoreUnderTest) async throws {
        // given an album's link that may take five
        let opened = try await kind.make()
        let store = opened.store
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let album = try await store.createAlbum(name: "Party", description: "", createdBy: bo.id, now: Date())
        let link = try await store.createShare(token: "t1", accountId: bo.id, kind: .album, value: String(album.id), filter: "", expiresAt: nil, now: 1)
        try await store.setShareUploads(id: link, count: 5)
        // when a request reserves all five and uses two
        #expect(try await store.takeShareUploads(id: link, count: 5) == 5)
        #expect(try await store.takeShareUploads(id: link, count: 1) == 0, "nothing left while they are reserved")
        try await store.returnShareUploads(id: link, count: 3)
        // then three are left
        #expect(try await store.share(token: "t1")?.uploadsLeft == 3)
    }
}
