import Foundation
import Testing
@testable import Catalog

/// What every `CurationStore` implementation must do with favorites, stars and tags.
@Suite struct CurationStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func favoritesBelongToTheirViewer(_ kind: StoreUnderTest) async throws {
        // given a photo, a guest and an account
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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

    @Test(arguments: StoreUnderTest.allCases)
    func manyPhotosAtOnceInOneCallEachSayingHowManyChanged(_ kind: StoreUnderTest) async throws {
        // given 620 photos in a folder (more than one IN list holds), one of them at two paths
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 13)
        var pictures = (0..<620).map { seed.picture(String(format: "trip/%04d.jpg", $0), takenAt: Int64($0)) }
        var copy = pictures[0]
        copy.key = "elsewhere/copy.jpg"
        pictures.append(copy)
        try await CatalogSeed.catalogue(pictures, in: store)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let group = PhotoGroup.folder("trip")
        let fileIds = try await store.fileIds(in: group, sort: .default)
        #expect(fileIds.count == 620)
        let files = try await store.files(ids: fileIds + [fileIds[0], 999_999])
        #expect(files.map(\.id) == fileIds, "in the order asked, each once, unknown ids left out")
        #expect(files.first?.key == "trip/0000.jpg")
        let photoIds = files.map(\.photoId)

        // when all are favorited, rated, tagged twice over, and a tag removed from some
        #expect(try await store.setFavorite(photoIds: photoIds, viewer: .account(ada.id), true) == 620)
        #expect(try await store.setFavorite(photoIds: photoIds, viewer: .account(ada.id), true) == 0)
        #expect(try await store.setRating(photoIds: photoIds, 4) == 620)
        #expect(try await store.setRating(photoIds: Array(photoIds.prefix(10)), 4) == 0)
        await #expect(throws: CurationError.self) { _ = try await store.setRating(photoIds: photoIds, 7) }
        #expect(try await store.addTags(photoIds: photoIds, ["Lisbon"]) == 620)
        #expect(try await store.addTags(photoIds: photoIds, ["Lisbon"]) == 0)
        #expect(try await store.removeTag(photoIds: Array(photoIds.prefix(20)), "Lisbon") == 20)

        // then every photo shows it, wherever it is filed
        #expect(try await store.count(.favorites(.account(ada.id))) == 620)
        #expect(try await store.count(.topRated) == 620)
        #expect(try await store.count(.tag("Lisbon")) == 600)
        #expect(try await store.photo(key: "elsewhere/copy.jpg", viewer: .account(ada.id))?.isFavorite == true)
        #expect(try await store.photo(key: "elsewhere/copy.jpg", viewer: .guest)?.tags == [])
        #expect(try await store.photo(key: "trip/0100.jpg", viewer: .guest)?.tags == ["Lisbon"])
        #expect(try await store.tagCounts() == [TagCount(name: "Lisbon", count: 600)])
        // and unmarking counts what it unmarked
        #expect(try await store.setFavorite(photoIds: Array(photoIds.prefix(5)), viewer: .account(ada.id), false) == 5)
        #expect(try await store.fileIds(in: .filtered(group, SearchFilter(tag: "Lisbon")), sort: PhotoSort(field: .name, descending: true)).first
                == fileIds.last)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aCaptionIsKeptOnThePhotoAndFoundBySearch(_ kind: StoreUnderTest) async throws {
        // given a photo at two paths, and another
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 14)
        let picture = seed.picture("a/one.jpg", takenAt: 1)
        var copy = picture
        copy.key = "b/copy.jpg"
        try await CatalogSeed.catalogue([picture, copy, seed.picture("a/two.jpg", takenAt: 2)], in: store)
        let photo = try #require(try await store.photoId(forKey: "a/one.jpg"))
        // when it is captioned, with a control character and spaces around
        try await store.setCaption(photoId: photo, "  Grandma's 90th\u{7} birthday, Café Nova\r\nLisbon  ")
        // then both paths show it, clean, and a search for any of its words finds them
        #expect(try await store.photo(key: "b/copy.jpg")?.caption == "Grandma's 90th birthday, Café Nova\nLisbon")
        let found = { (text: String) in try await store.count(.filtered(.all, SearchFilter(text: text))) }
        #expect(try await found("grandma") == 1)
        #expect(try await found("cafe nova") == 1)
        #expect(try await store.count(.filtered(.folder("b"), SearchFilter(text: "lisbon"))) == 1)
        // and a new caption replaces the old one in the search too; an empty one removes it
        try await store.setCaption(photoId: photo, "Porto")
        #expect(try await found("lisbon") == 0)
        #expect(try await found("porto") == 1)
        try await store.setCaption(photoId: photo, "   ")
        #expect(try await store.photo(key: "a/one.jpg")?.caption == "")
        #expect(try await found("porto") == 0)
        // tags still reach the index, several photos' at once, and leave it when taken off
        try await store.addTags(photoId: photo, ["beach"])
        #expect(try await found("beach") == 1)
        let two = try #require(try await store.photoId(forKey: "a/two.jpg"))
        #expect(try await store.addTags(photoIds: [photo, two], ["dunes", "wind"]) == 2)
        #expect(try await found("dunes") == 2)
        #expect(try await found("wind") == 2)
        #expect(try await store.count(.filtered(.folder("b"), SearchFilter(text: "dunes"))) == 1)
        #expect(try await store.removeTag(photoIds: [photo, two], "dunes") == 2)
        try await store.removeTag(photoId: photo, "beach")
        #expect(try await found("dunes") == 0)
        #expect(try await found("beach") == 0)
        #expect(try await found("wind") == 2)
        await #expect(throws: CurationError.self) { try await store.setCaption(photoId: 999_999, "x") }
        #expect(CaptionText.clean(String(repeating: "x", count: 3_000)).count == CaptionText.maxLength)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aTurnIsKeptOnTheContentAndTradesTheShownSides(_ kind: StoreUnderTest) async throws {
        // given a landscape photo at two paths (searches show a content once)
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 15)
        let picture = seed.picture("a/one.jpg", takenAt: 1)
        var copy = picture
        copy.key = "b/copy.jpg"
        try await CatalogSeed.catalogue([picture, copy], in: store)
        let photo = try #require(try await store.photoId(forKey: "a/one.jpg"))
        #expect(try await store.count(.filtered(.all, SearchFilter(orientation: .landscape))) == 1)
        // when it is turned right
        #expect(try await store.rotate(photoId: photo, clockwise: true) == .right)
        // then both paths show it turned, standing up, and the shape filter agrees
        let card = try #require(try await store.photo(key: "b/copy.jpg")?.card)
        #expect(card.rotation == .right && card.width == 48 && card.height == 64)
        #expect(try await store.count(.filtered(.all, SearchFilter(orientation: .portrait))) == 1)
        #expect(try await store.cover(.folder("a")) == Catalog.Picture(sha256: card.sha256, rotation: .right))
        // and turns add up both ways, all the way round
        #expect(try await store.rotate(photoId: photo, clockwise: true) == .half)
        #expect(try await store.rotate(photoId: photo, clockwise: false) == .right)
        #expect(try await store.rotate(photoId: photo, clockwise: false) == .none)
        #expect(try await store.rotate(photoId: photo, clockwise: false) == .left)
        let left = try #require(try await store.photo(key: "a/one.jpg")?.card)
        #expect(left.rotation == .left && left.width == 48 && left.height == 64)
        await #expect(throws: CurationError.self) { try await store.rotate(photoId: 999_999, clockwise: true) }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aTagIsOneWithoutCaseAndGoesWhenNoPhotoCarriesIt(_ kind: StoreUnderTest) async throws {
        // given two photos
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 16)
        try await CatalogSeed.catalogue([seed.picture("a.jpg", takenAt: 1), seed.picture("b.jpg", takenAt: 2)], in: store)
        let a = try #require(try await store.photoId(forKey: "a.jpg"))
        let b = try #require(try await store.photoId(forKey: "b.jpg"))
        // when they are tagged with one name written two ways
        try await store.addTags(photoId: a, ["Lake"])
        try await store.addTags(photoId: b, ["lake"])
        // then it is one tag, named as it was first written
        #expect(try await store.tagCounts() == [TagCount(name: "Lake", count: 2)])
        #expect(try await store.photo(key: "b.jpg")?.tags == ["Lake"])
        // when it is removed from both, written a third way, then no tag is left
        #expect(try await store.removeTag(photoIds: [a, b], "LAKE") == 2)
        #expect(try await store.tagCounts().isEmpty)
        // and adding it again takes back the removal, under the new spelling
        #expect(try await store.addTags(photoIds: [a], ["lake"]) == 1)
        #expect(try await store.tagCounts() == [TagCount(name: "lake", count: 1)])
        #expect(try await store.photo(key: "a.jpg")?.tags == ["lake"])
    }

    @Test(arguments: StoreUnderTest.allCases)
    func starsSetHereWinOverTheFilesEvenWhenEqualAndUnknownPhotosArePassedOver(_ kind: StoreUnderTest) async throws {
        // given a photo whose file carries 3 stars, and one without
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 17)
        let a = seed.picture("a.jpg", takenAt: 1, rating: 3)
        try await CatalogSeed.catalogue([a, seed.picture("b.jpg", takenAt: 2)], in: store)
        let ids = [try #require(try await store.photoId(forKey: "a.jpg")), try #require(try await store.photoId(forKey: "b.jpg"))]
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        // when both are given 3 stars here, with an id no photo has
        #expect(try await store.setRating(photoIds: ids + [999_999], 3) == 1, "only the photo with other stars changed")
        // then a file read again with other stars leaves the household's word
        var edited = a
        edited.rating = 5
        try await CatalogSeed.catalogue([edited], in: store)
        #expect(try await store.photo(key: "a.jpg")?.rating == 3)
        // and the other many-photo actions pass over the unknown photo too
        #expect(try await store.setFavorite(photoIds: [ids[0], 999_999], viewer: .account(ada.id), true) == 1)
        #expect(try await store.addTags(photoIds: [ids[0], 999_999], ["x"]) == 1)
        #expect(try await store.removeTag(photoIds: [999_999], "x") == 0)
        #expect(try await store.tagCounts() == [TagCount(name: "x", count: 1)])
    }
}
