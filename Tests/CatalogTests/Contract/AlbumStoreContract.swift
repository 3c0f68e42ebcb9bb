import Foundation
import Testing
@testable import Catalog

/// What every `AlbumStore` implementation must do with albums.
@Suite struct AlbumStoreContract {
    private func seeded(_ kind: StoreUnderTest, count: Int = 5) async throws -> (OpenedStore, [Int64]) {
        let opened = try await kind.make()
        var seed = CatalogSeed(seed: 30)
        try await CatalogSeed.catalogue((0..<count).map { seed.picture("trip/\($0).jpg", takenAt: Int64(100 - $0)) }, in: opened.store)
        var ids: [Int64] = []
        for n in 0..<count { ids.append(try #require(try await opened.store.photoId(forKey: "trip/\(n).jpg"))) }
        return (opened, ids)
    }

    private func order(_ store: any ContractStore, _ album: Album) async throws -> [String] {
        try #require(try await store.page(.album(album.id), sort: PhotoGroup.album(album.id).defaultSort, number: 1, perPage: 50)).photos.map(\.key)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func albumsKeepTheirOwnOrderAndNamesAreUniqueWithoutCase(_ kind: StoreUnderTest) async throws {
        let (opened, ids) = try await seeded(kind)
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        // given an album made by ada, filled in an order of its own
        let album = try await store.createAlbum(name: "  Lisbon 2024 ", description: "The trip", createdBy: ada.id, now: Date(timeIntervalSince1970: 1_000))
        #expect(album.name == "Lisbon 2024" && album.description == "The trip" && album.createdBy == "ada" && album.photoCount == 0)
        await #expect(throws: AlbumError.nameTaken("lisbon 2024")) { _ = try await store.createAlbum(name: "lisbon 2024", description: "", createdBy: nil, now: Date()) }
        await #expect(throws: AlbumError.invalidName) { _ = try await store.createAlbum(name: " \u{7} ", description: "", createdBy: nil, now: Date()) }
        #expect(try await store.addToAlbum(id: album.id, photoIds: [ids[3], ids[1], ids[3], ids[4]], now: Date()) == 3)
        #expect(try await store.addToAlbum(id: album.id, photoIds: [ids[1], ids[0], 999_999], now: Date()) == 1)
        #expect(try await order(store, album) == ["trip/3.jpg", "trip/1.jpg", "trip/4.jpg", "trip/0.jpg"])
        // when photos are moved up, down and to the top
        try await store.moveInAlbum(id: album.id, photoId: ids[0], .top)
        try await store.moveInAlbum(id: album.id, photoId: ids[1], .down)
        try await store.moveInAlbum(id: album.id, photoId: ids[0], .up)  // already first: nothing
        #expect(try await order(store, album) == ["trip/0.jpg", "trip/3.jpg", "trip/4.jpg", "trip/1.jpg"])
        await #expect(throws: AlbumError.notInAlbum) { try await store.moveInAlbum(id: album.id, photoId: ids[2], .up) }
        // and placed next to another, as a drag leaves them
        try await store.placeInAlbum(id: album.id, photoId: ids[1], nextTo: ids[0], after: true)
        try await store.placeInAlbum(id: album.id, photoId: ids[4], nextTo: ids[0], after: false)
        #expect(try await order(store, album) == ["trip/4.jpg", "trip/0.jpg", "trip/1.jpg", "trip/3.jpg"])
        try await store.placeInAlbum(id: album.id, photoId: ids[4], nextTo: ids[3], after: true)
        try await store.placeInAlbum(id: album.id, photoId: ids[1], nextTo: ids[1], after: true)  // next to itself: nothing
        #expect(try await order(store, album) == ["trip/0.jpg", "trip/1.jpg", "trip/3.jpg", "trip/4.jpg"])
        await #expect(throws: AlbumError.notInAlbum) { try await store.placeInAlbum(id: album.id, photoId: ids[2], nextTo: ids[0], after: true) }
        await #expect(throws: AlbumError.notInAlbum) { try await store.placeInAlbum(id: album.id, photoId: ids[0], nextTo: ids[2], after: true) }
        // (back as it was for what follows)
        try await store.placeInAlbum(id: album.id, photoId: ids[1], nextTo: ids[4], after: true)
        #expect(try await order(store, album) == ["trip/0.jpg", "trip/3.jpg", "trip/4.jpg", "trip/1.jpg"])
        // then the cover is the first photo until one is chosen
        let found = try #require(try await store.album(named: "LISBON 2024"))
        #expect(found.photoCount == 4 && found.coverPhotoId == nil)
        #expect(found.cover?.sha256 == (try await store.photo(key: "trip/0.jpg")?.card.sha256))
        try await store.setAlbumCover(id: album.id, photoId: ids[4])
        #expect(try await store.album(id: album.id)?.cover?.sha256 == (try await store.photo(key: "trip/4.jpg")?.card.sha256))
        await #expect(throws: AlbumError.notInAlbum) { try await store.setAlbumCover(id: album.id, photoId: ids[2]) }
        // and taking the cover out of the album lets the first photo stand in again
        #expect(try await store.removeFromAlbum(id: album.id, photoIds: [ids[4], ids[2]]) == 1)
        #expect(try await store.album(id: album.id)?.coverPhotoId == nil)
        #expect(try await store.albums(containing: ids[3]).map(\.name) == ["Lisbon 2024"])
        #expect(try await store.albums(containing: ids[2]).isEmpty)
        #expect(try await store.count(.album(album.id)) == 3)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func renamingDeletingAndUnknownAlbums(_ kind: StoreUnderTest) async throws {
        let (opened, ids) = try await seeded(kind)
        let store = opened.store
        let a = try await store.createAlbum(name: "A", description: "", createdBy: nil, now: Date())
        let b = try await store.createAlbum(name: "b", description: "", createdBy: nil, now: Date())
        _ = try await store.addToAlbum(id: b.id, photoIds: ids, now: Date())
        await #expect(throws: AlbumError.nameTaken("B")) { try await store.updateAlbum(id: a.id, name: "B", description: "") }
        try await store.updateAlbum(id: a.id, name: "c", description: String(repeating: "x", count: 3_000))
        #expect(try await store.albums().map(\.name) == ["b", "c"])
        #expect(try await store.album(id: a.id)?.description.count == 2_000)
        // deleting an album leaves its photos where they are
        try await store.deleteAlbum(id: b.id)
        #expect(try await store.albums().map(\.name) == ["c"])
        #expect(try await store.count(.folder("trip")) == 5)
        await #expect(throws: AlbumError.unknownAlbum) { try await store.deleteAlbum(id: b.id) }
        await #expect(throws: AlbumError.unknownAlbum) { _ = try await store.addToAlbum(id: b.id, photoIds: ids, now: Date()) }
        await #expect(throws: AlbumError.unknownAlbum) { try await store.updateAlbum(id: 12_345, name: "x", description: "") }
        #expect(try await store.album(id: b.id) == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func sharesAdditionsCoversAndOrderByNameWithoutCase(_ kind: StoreUnderTest) async throws {
        let (opened, ids) = try await seeded(kind)
        let store = opened.store
        // given albums whose names sort differently with and without case
        let beta = try await store.createAlbum(name: "Beta", description: "", createdBy: nil, now: Date())
        let alpha = try await store.createAlbum(name: "alpha", description: "", createdBy: nil, now: Date())
        _ = try await store.createAlbum(name: "gamma", description: "", createdBy: nil, now: Date())
        #expect(try await store.albums().map(\.name) == ["alpha", "Beta", "gamma"])
        // when photos are added by the household and through a share link
        #expect(try await store.addToAlbum(id: beta.id, photoIds: [ids[0], ids[1]], now: Date()) == 2)
        #expect(try await store.addToAlbum(id: beta.id, photoIds: [ids[2], ids[0]], now: Date(), throughShare: 7) == 1)
        _ = try await store.addToAlbum(id: alpha.id, photoIds: [ids[2]], now: Date())
        // then only the share's addition is known as such
        let shared = try #require(try await store.photo(key: "trip/2.jpg")).card.sha256
        #expect(try await store.photosAddedThroughShares(albumId: beta.id) == [shared])
        #expect(try await store.photosAddedThroughShares(albumId: alpha.id).isEmpty)
        #expect(try await store.albums(containing: ids[2]).map(\.name) == ["alpha", "Beta"])
        // and moving up trades places with the one before
        try await store.moveInAlbum(id: beta.id, photoId: ids[2], .up)
        #expect(try await order(store, beta) == ["trip/0.jpg", "trip/2.jpg", "trip/1.jpg"])
        // and a chosen cover can be unchosen, the first photo standing in again
        try await store.setAlbumCover(id: beta.id, photoId: ids[1])
        #expect(try await store.album(id: beta.id)?.coverPhotoId == ids[1])
        try await store.setAlbumCover(id: beta.id, photoId: nil)
        let unchosen = try #require(try await store.album(id: beta.id))
        #expect(unchosen.coverPhotoId == nil && unchosen.photoCount == 3)
        #expect(unchosen.cover?.sha256 == (try await store.photo(key: "trip/0.jpg")?.card.sha256))
        await #expect(throws: AlbumError.unknownAlbum) { try await store.setAlbumCover(id: 12_345, photoId: nil) }
        await #expect(throws: AlbumError.unknownAlbum) { _ = try await store.removeFromAlbum(id: 12_345, photoIds: ids) }
        #expect(try await store.album(named: "GAMMA")?.photoCount == 0)
        #expect(try await store.album(named: "delta") == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func anAlbumHoldsAtMostTenThousandPhotos(_ kind: StoreUnderTest) async throws {
        // given one photo more than an album holds (written as a scan of an empty catalog writes them)
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 31)
        let pictures = (0...AlbumRules.maxPhotos).map { seed.picture(String(format: "many/%05d.jpg", $0), takenAt: Int64($0)) }
        try await store.apply(pictures.map { CatalogSeed.analysis($0) }, now: Date(timeIntervalSince1970: 1_700_000_000), newKeys: true)
        try await store.rebuildFolders()
        let ids = try await store.files(ids: try await store.fileIds(in: .folder("many"), sort: .default)).map(\.photoId)
        #expect(ids.count == AlbumRules.maxPhotos + 1)
        let album = try await store.createAlbum(name: "Everything", description: "", createdBy: nil, now: Date())
        // when all but one fit, and then two more are added
        #expect(try await store.addToAlbum(id: album.id, photoIds: Array(ids.prefix(AlbumRules.maxPhotos - 1)), now: Date())
                == AlbumRules.maxPhotos - 1)
        await #expect(throws: AlbumError.full) { _ = try await store.addToAlbum(id: album.id, photoIds: Array(ids.suffix(2)), now: Date()) }
        // then none of the two was added
        #expect(try await store.album(id: album.id)?.photoCount == AlbumRules.maxPhotos - 1)
        // and one more fits (photos already in it do not count again), then no more
        #expect(try await store.addToAlbum(id: album.id, photoIds: [ids[0], ids[AlbumRules.maxPhotos - 1]], now: Date()) == 1)
        await #expect(throws: AlbumError.full) { _ = try await store.addToAlbum(id: album.id, photoIds: [ids[AlbumRules.maxPhotos]], now: Date()) }
        #expect(try await store.addToAlbum(id: album.id, photoIds: [ids[0]], now: Date()) == 0)
        #expect(try await store.count(.album(album.id)) == AlbumRules.maxPhotos)
    }
}
