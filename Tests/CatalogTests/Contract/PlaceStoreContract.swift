import Foundation
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// Where photos were taken, in every implementation: positions written by the scan, handed out to
/// be named, named, counted by place, filtered by `place=` and `has=gps`, named anew with another
/// gazetteer, and never named after a position the photo no longer has.
@Suite struct PlaceStoreContract {
    static let paris = NamedPlace(id: 2_988_507, country: "FR", region: "11")
    static let lima = NamedPlace(id: 3_936_456, country: "PE", region: "15")

    /// Two photos in Paris, one in Lima, one at sea (named after no place) and one that says nothing.
    private func located(_ store: any ContractStore) async throws -> [CatalogSeed.Picture] {
        var seed = CatalogSeed(seed: 35)
        var pictures = [seed.picture("trip/eiffel.jpg", takenAt: 100), seed.picture("trip/louvre.jpg", takenAt: 200),
                        seed.picture("trip/lima.jpg", takenAt: 300), seed.picture("trip/sea.jpg", takenAt: 400),
                        seed.picture("home/cat.jpg", takenAt: 500)]
        pictures[0].location = GeoPoint(latitude: 48.8584, longitude: 2.2945)
        pictures[1].location = GeoPoint(latitude: 48.8606, longitude: 2.3376)
        pictures[2].location = GeoPoint(latitude: -12.0464, longitude: -77.0428)
        pictures[3].location = GeoPoint(latitude: -30, longitude: -140)
        try await CatalogSeed.catalogue(pictures, in: store)
        return pictures
    }

    /// The names a gazetteer would give these positions.
    private func names(_ waiting: [LocatedPhoto]) -> [PlaceName] {
        waiting.map { photo in
            let place: NamedPlace? = switch photo.latitude {
            case 48...49: Self.paris
            case -13 ... -12: Self.lima
            default: nil
            }
            return PlaceName(photo: photo, place: place)
        }
    }

    private func total(_ store: any ContractStore, _ filter: SearchFilter) async throws -> Int {
        try await store.page(.filtered(.all, filter), sort: .default, number: 1, perPage: 60, viewer: .guest)?.total ?? -1
    }

    @Test(arguments: StoreUnderTest.allCases)
    func positionsAreNamedCountedAndFiltered(_ kind: StoreUnderTest) async throws {
        // given a catalog of located photos, not named yet
        let opened = try await kind.make()
        let store = opened.store
        _ = try await located(store)
        #expect(try await store.placeFingerprint() == nil)
        // (naming begins without making any page stale: nothing was named before)
        let version = store.version
        try await store.renamePlaces(fingerprint: 7)
        #expect(store.version == version)
        let waiting = try await store.unnamedPositions(limit: 100)
        #expect(waiting.count == 4)
        #expect(try await store.unnamedPositions(limit: 2).count == 2)
        // when they are named
        try await store.name(names(waiting))
        // then none waits, each place counts its photos, and the filters find them
        #expect(try await store.unnamedPositions(limit: 100).isEmpty)
        #expect(try await store.placeFingerprint() == 7)
        let counts = try await store.placeCounts().sorted { $0.placeId < $1.placeId }
        #expect(counts == [PlaceCount(placeId: Self.paris.id, country: "FR", region: "11", count: 2),
                           PlaceCount(placeId: Self.lima.id, country: "PE", region: "15", count: 1)])
        #expect(try await total(store, SearchFilter(place: .country("FR"))) == 2)
        #expect(try await total(store, SearchFilter(place: .region("FR", "11"))) == 2)
        #expect(try await total(store, SearchFilter(place: .region("FR", "12"))) == 0)
        #expect(try await total(store, SearchFilter(place: .place(Self.lima.id))) == 1)
        #expect(try await total(store, SearchFilter(located: true)) == 4)
        #expect(try await total(store, SearchFilter(located: false)) == 1)
        #expect(try await store.count(.filtered(.all, SearchFilter(place: .country("FR"), located: true))) == 2)
        // and a photo's page has its position and its place, or its position alone
        let eiffel = try #require(try await store.photo(key: "trip/eiffel.jpg", viewer: .guest)?.location)
        #expect(eiffel.latitude == 48.8584 && eiffel.longitude == 2.2945 && eiffel.place == Self.paris)
        let sea = try #require(try await store.photo(key: "trip/sea.jpg", viewer: .guest)?.location)
        #expect(sea.place == nil)
        #expect(try await store.photo(key: "home/cat.jpg", viewer: .guest)?.location == nil)
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func anotherGazetteerNamesAnewAndAMovedPositionWaits(_ kind: StoreUnderTest) async throws {
        // given named photos
        let opened = try await kind.make()
        let store = opened.store
        let pictures = try await located(store)
        try await store.renamePlaces(fingerprint: 7)
        try await store.name(names(try await store.unnamedPositions(limit: 100)))
        // when another gazetteer comes
        let version = store.version
        try await store.renamePlaces(fingerprint: 8)
        // then every position waits again, and nothing is counted meanwhile
        #expect(store.version > version)
        var waiting = try await store.unnamedPositions(limit: 100)
        #expect(waiting.count == 4)
        #expect(try await store.placeCounts().isEmpty)
        #expect(try await store.placeFingerprint() == 8)
        // when a name comes for a position the photo no longer has (its file was read again meanwhile)
        let eiffel = try #require(waiting.firstIndex { $0.latitude == 48.8584 })
        waiting[eiffel].latitude = 10
        try await store.name(names(waiting))
        // then that photo still waits, and the others are named
        #expect(try await store.unnamedPositions(limit: 100).map(\.latitude) == [48.8584])
        #expect(try await store.placeCounts().map(\.count).reduce(0, +) == 2)
        // when a photo's only file goes, its place no longer counts it
        try await store.removeFiles(keys: [pictures[2].key])
        #expect(try await store.placeCounts().map(\.placeId) == [Self.paris.id])
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aLinkShowsPlacesOnlyOnceItsMakerSaysSo(_ kind: StoreUnderTest) async throws {
        // given a new link
        let opened = try await kind.make()
        let store = opened.store
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let id = try await store.createShare(token: "t1", accountId: bo.id, kind: .folder, value: "trip", filter: "", expiresAt: nil, now: 100)
        // then it shows no place until told to, and stops when told so
        #expect(try await store.share(token: "t1")?.showsPlaces == false)
        try await store.setSharePlaces(id: id, shown: true)
        #expect(try await store.share(token: "t1")?.showsPlaces == true)
        #expect(try await store.shares(accountId: bo.id).map(\.showsPlaces) == [true])
        try await store.setSharePlaces(id: id, shown: false)
        #expect(try await store.share(token: "t1")?.showsPlaces == false)
        _ = opened
    }
}
