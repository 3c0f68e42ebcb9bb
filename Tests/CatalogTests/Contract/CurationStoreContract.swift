import Foundation
import Testing
@testable import Catalog

/// What every `CurationStore` implementation must do with favorites, stars and tags.
@Suite struct CurationStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func favoritesBelongToTheirViewer(_ kind: StoreUnderTest) async throws {
        // given a photo, a guest and an account
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 10)
        try await CatalogSeed.catalogue([seed.picture("a.jpg", takenAt: 1), seed.picture("b.jpg", takenAt: 2)], in: store)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let photo = try #require(try await store.photoId(forKey: "a.jpg"))
        // when the account marks it twice and the guest not at all
        try await store.setFavorite(photoId: photo, viewer: .account(ada.id), true)
        try await store.setFavorite(photoId: photo, viewer: .account(ada.id), true)
        // then it is the account's favorite only, and a share link's holder sees no marks
        #expect(try await store.count(.favorites(.account(ada.id))) == 1)
        #expect(try await store.count(.favorites(.guest)) == 0)
        #expect(try await store.photo(key: "a.jpg", viewer: .account(ada.id))?.isFavorite == true)
        #expect(try await store.photo(key: "a.jpg", viewer: .guest)?.isFavorite == false)
        let page = try #require(try await store.page(.folder(""), sort: .default, number: 1, perPage: 10, viewer: .account(ada.id)))
        #expect(page.photos.map(\.isFavorite) == [true, false])
        let shared = try #require(try await store.page(.folder(""), sort: .default, number: 1, perPage: 10, viewer: .shareLink(owner: ada.id)))
        #expect(shared.photos.allSatisfy { !$0.isFavorite })
        let filtered = PhotoGroup.filtered(.all, SearchFilter(favoritesOf: .account(ada.id)))
        #expect(try await store.count(filtered) == 1)
        // and unmarking removes it
        try await store.setFavorite(photoId: photo, viewer: .account(ada.id), false)
        #expect(try await store.count(.favorites(.account(ada.id))) == 0)
        #expect(try await store.photoId(forKey: "missing.jpg") == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func starsAreZeroToFive(_ kind: StoreUnderTest) async throws {
        // given a photo
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 11)
        try await CatalogSeed.catalogue([seed.picture("a.jpg", takenAt: 1)], in: store)
        let photo = try #require(try await store.photoId(forKey: "a.jpg"))
        // when rated within and outside the range
        try await store.setRating(photoId: photo, 4)
        await #expect(throws: CurationError.self) { try await store.setRating(photoId: photo, 6) }
        // then only the valid rating counts
        #expect(try await store.photo(key: "a.jpg", viewer: .guest)?.rating == 4)
        #expect(try await store.count(.topRated) == 1)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func tagsRemovedHereStayRemovedWhenTheFileIsReadAgain(_ kind: StoreUnderTest) async throws {
        // given a photo whose file carries a keyword
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 12)
        let picture = seed.picture("a.jpg", takenAt: 1, keywords: ["beach"])
        try await CatalogSeed.catalogue([picture], in: store)
        let photo = try #require(try await store.photoId(forKey: "a.jpg"))
        // when a tag is added, the keyword removed, and the file read again
        try await store.addTags(photoId: photo, ["keeper", "Lake"])
        try await store.removeTag(photoId: photo, "beach")
        try await CatalogSeed.catalogue([picture], in: store)
        // then the household's word stands, and counts follow
        #expect(try await store.photo(key: "a.jpg", viewer: .guest)?.tags == ["keeper", "Lake"])
        #expect(try await store.tagCounts().map(\.name) == ["keeper", "Lake"])
        #expect(try await store.count(.tag("keeper")) == 1)
        #expect(try await store.count(.tag("beach")) == 0)
    }
}
