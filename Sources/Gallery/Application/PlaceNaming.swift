import Catalog
import Foundation
import Logging
import Places

/// Names the positions the scan read after places of the gazetteer, beside the requests: the
/// scan only keeps positions (its cost does not grow with the gazetteer), and a catalog named
/// with another gazetteer is named anew. Each batch is a read of the unnamed photos' index and
/// one write; a photo costs a few places read from the grid (microseconds). Once nothing waits,
/// a catalog with places to show has its gazetteer read ahead, so the first visit to Places
/// does not wait for it. Each batch, and the reading ahead, gives way to visitors first.
public struct PlaceNaming: Sendable {
    let store: any PhotoCatalog
    let places: PlaceBook
    var batch = 1_000
    /// Waits for a turn of the server's background work (`BackgroundTurns.take`), as likeness does.
    let giveWay: (@Sendable () async -> Int)?

    init(store: any PhotoCatalog, places: PlaceBook, giveWay: (@Sendable () async -> Int)? = nil) {
        self.store = store
        self.places = places
        self.giveWay = giveWay
    }

    /// Names with the gazetteer in `folder` (the resources' `Gazetteer/`), as the server does.
    public init(store: any PhotoCatalog, gazetteerFolder folder: String, logger: Logger) {
        self.init(store: store, places: PlaceBook(folder: folder, logger: logger))
    }

    /// Names every position waiting for a name; returns how many it named (0 without a gazetteer).
    @discardableResult
    public func nameWaiting() async throws -> Int {
        // Even the gazetteer's fingerprint (its bytes hashed) waits for a turn.
        _ = await giveWay?()
        guard let fingerprint = await places.fingerprint() else { return 0 }
        if try await store.placeFingerprint() != fingerprint {
            try await store.renamePlaces(fingerprint: fingerprint)
        }
        var named = 0
        while !Task.isCancelled {
            _ = await giveWay?()
            let waiting = try await store.unnamedPositions(limit: batch)
            // The gazetteer is read only once a position waits for its name.
            guard !waiting.isEmpty, let gazetteer = await places.gazetteer() else { break }
            try await store.name(waiting.map { photo in
                let place = gazetteer.named(latitude: photo.latitude, longitude: photo.longitude)
                return PlaceName(photo: photo, place: place.map { NamedPlace(id: $0.id, country: $0.country, region: $0.region) })
            })
            named += waiting.count
            if waiting.count < batch { break }
        }
        if !Task.isCancelled, !places.isRead, try await !store.placeCounts(sight: .everything).isEmpty {
            _ = await giveWay?()
            _ = await places.gazetteer()
        }
        return named
    }
}
