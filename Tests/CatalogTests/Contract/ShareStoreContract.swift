import Foundation
import Testing
@testable import Catalog

/// What every `ShareStore` implementation must do with share links.
@Suite struct ShareStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func linksBelongToTheirOwnerAndKeepOnlyTheTokensHash(_ kind: StoreUnderTest) async throws {
        // given two accounts and a link made by one
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let id = try await store.createShare(token: "t1", accountId: bo.id, kind: .tag, value: "sea", filter: "min_rating=3",
                                             expiresAt: 500, now: 100)
        // then it is found by its token, as made, with its owner's name and only the token's hash
        let link = try #require(try await store.share(token: "t1"))
        #expect(link.id == id && link.accountId == bo.id && link.ownerName == "bo" && link.kind == .tag)
        #expect(link.value == "sea" && link.filter == "min_rating=3" && link.createdAt == 100 && link.expiresAt == 500)
        #expect(link.tokenHash == TokenHash.of("t1") && link.tokenHash != "t1")
        #expect(link.isLive(at: 499) && !link.isLive(at: 500))
        #expect(try await store.share(token: "t2") == nil)
        // and listed under its owner, newest first
        let second = try await store.createShare(token: "t2", accountId: bo.id, kind: .favorites, value: "", filter: "", expiresAt: nil, now: 200)
        #expect(try await store.shares(accountId: bo.id).map(\.id) == [second, id])
        #expect(try await store.shares(accountId: ada.id).isEmpty)
        #expect(try await store.shares(accountId: nil).count == 2)
        // when another account tries to revoke it, then an admin does
        #expect(try await !store.deleteShare(id: id, accountId: ada.id))
        #expect(try await store.deleteShare(id: id, accountId: nil))
        #expect(try await store.share(token: "t1") == nil)
        // and removing the owner removes its links
        try await store.removeAccount(id: bo.id)
        #expect(try await store.share(token: "t2") == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aLinkKeepsItsNonceBesideItsTokensHashAndIsFoundByItsGroup(_ kind: StoreUnderTest) async throws {
        // given a link made with a nonce, one made without, and a link to another album
        let opened = try await kind.make()
        let store = opened.store
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let first = try await store.createShare(token: "t1", nonce: "n1", accountId: bo.id, kind: .album, value: "7", filter: "", expiresAt: nil, now: 1)
        let second = try await store.createShare(token: "t2", accountId: bo.id, kind: .album, value: "7", filter: "", expiresAt: 9, now: 2)
        try await store.createShare(token: "t3", accountId: bo.id, kind: .album, value: "8", filter: "", expiresAt: nil, now: 3)
        try await store.createShare(token: "t4", accountId: bo.id, kind: .tag, value: "7", filter: "", expiresAt: nil, now: 4)
        // then each reads back its nonce, or none, and never the token
        #expect(try await store.share(token: "t1")?.nonce == "n1")
        #expect(try await store.share(token: "t2")?.nonce == nil)
        #expect(try await store.shares(accountId: bo.id).compactMap(\.nonce) == ["n1"])
        // and the album's links are its own two, newest first
        #expect(try await store.shares(kind: .album, value: "7").map(\.id) == [second, first])
        #expect(try await store.shares(kind: .album, value: "9").isEmpty)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aLinkKeepsThePasswordHashItWasGivenUntilItIsRemoved(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let id = try await store.createShare(token: "t1", accountId: bo.id, kind: .favorites, value: "", filter: "", expiresAt: nil, now: 1)
        #expect(try await store.share(token: "t1")?.passwordHash == nil)
        try await store.setSharePassword(id: id, passwordHash: "$2b$04$abc")
        #expect(try await store.share(token: "t1")?.passwordHash == "$2b$04$abc")
        #expect(try await store.shares(accountId: bo.id).first?.passwordHash == "$2b$04$abc")
        try await store.setSharePassword(id: id, passwordHash: nil)
        #expect(try await store.share(token: "t1")?.passwordHash == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func anAlbumsLinkTakesAsManyPhotosAsItWasGivenAndTheyAreMarkedAsItsOwn(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 31)
        let pictures = (0..<3).map { seed.picture("trip/\($0).jpg", takenAt: Int64($0)) }
        try await CatalogSeed.catalogue(pictures, in: store)
        var ids: [Int64] = []
        for picture in pictures { ids.append(try #require(try await store.photoId(forKey: picture.key))) }
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let album = try await store.createAlbum(name: "Party", description: "", createdBy: bo.id, now: Date())
        let link = try await store.createShare(token: "t1", accountId: bo.id, kind: .album, value: String(album.id), filter: "",
                                               expiresAt: nil, now: 100)
        let folder = try await store.createShare(token: "t2", accountId: bo.id, kind: .folder, value: "trip", filter: "", expiresAt: nil, now: 100)
        #expect(try await store.share(token: "t1")?.uploadsLeft == 0)
        // only an album's link can be made to take photos
        try await store.setShareUploads(id: link, count: 3)
        try await store.setShareUploads(id: folder, count: 3)
        #expect(try await store.share(token: "t1")?.uploadsLeft == 3)
        #expect(try await store.share(token: "t2")?.uploadsLeft == 0)
        // taking never goes past what is left
        #expect(try await store.takeShareUploads(id: link, count: 2) == 2)
        #expect(try await store.takeShareUploads(id: link, count: 2) == 1)
        #expect(try await store.takeShareUploads(id: link, count: 1) == 0)
        #expect(try await store.share(token: "t1")?.uploadsLeft == 0)
        // photos added through the link are told apart from the household's
        _ = try await store.addToAlbum(id: album.id, photoIds: [ids[0]], now: Date())
        _ = try await store.addToAlbum(id: album.id, photoIds: [ids[1], ids[2]], now: Date(), throughShare: link)
        let through = try await store.photosAddedThroughShares(albumId: album.id)
        #expect(through.count == 2 && !through.contains(pictures[0].sha256) && through.contains(pictures[2].sha256))
    }

    @Test(arguments: StoreUnderTest.allCases)
    func uploadsTakenAtTheSameTimeNeverExceedWhatIsLeft(_ kind: StoreUnderTest) async throws {
        // given an album's link allowed ten more photos
        let opened = try await kind.make()
        let store = opened.store
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let link = try await store.createShare(token: "t1", accountId: bo.id, kind: .album, value: "1", filter: "", expiresAt: nil, now: 1)
        try await store.setShareUploads(id: link, count: 10)
        // when twelve uploads ask for two each at the same time
        let taken = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<12 { group.addTask { try await store.takeShareUploads(id: link, count: 2) } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        // then exactly the ten that were left are handed out, none twice, and none remain
        #expect(taken.reduce(0, +) == 10)
        #expect(taken.allSatisfy { (0...2).contains($0) })
        #expect(try await store.share(token: "t1")?.uploadsLeft == 0)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func oddUploadCountsAndUnknownLinksTakeNothing(_ kind: StoreUnderTest) async throws {
        // given an album's link
        let opened = try await kind.make()
        let store = opened.store
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let link = try await store.createShare(token: "t1", accountId: bo.id, kind: .album, value: "1", filter: "", expiresAt: nil, now: 1)
        // when it is given fewer than none, then it has none
        try await store.setShareUploads(id: link, count: -4)
        #expect(try await store.share(token: "t1")?.uploadsLeft == 0)
        // and asking for fewer than none, or from a link that does not exist, takes nothing
        try await store.setShareUploads(id: link, count: 3)
        #expect(try await store.takeShareUploads(id: link, count: -1) == 0)
        #expect(try await store.takeShareUploads(id: link + 1000, count: 2) == 0)
        #expect(try await store.share(token: "t1")?.uploadsLeft == 3)
        // and its owner may revoke it, once
        #expect(try await store.deleteShare(id: link, accountId: bo.id))
        #expect(try await !store.deleteShare(id: link, accountId: bo.id))
    }
}
