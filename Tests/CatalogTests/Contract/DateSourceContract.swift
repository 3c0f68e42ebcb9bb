import Foundation
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// Where each photo's date was read and the zone written beside it, kept by every implementation
/// as the scan writes it, and written anew when the file is probed again.
@Suite struct DateSourceContract {
    @Test(arguments: StoreUnderTest.allCases)
    func theDatesSourceAndZoneAreKeptWithThePhoto(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 38)
        let pictures = [seed.picture("a/exif.jpg", takenAt: 100), seed.picture("a/xmp.jpg", takenAt: 200), seed.picture("a/none.jpg", takenAt: 300)]
        let said: [String: (DateSource?, Int?)] = ["a/exif.jpg": (.exif, 120), "a/xmp.jpg": (.xmp, nil), "a/none.jpg": (nil, nil)]
        let analyses = pictures.map { picture -> FileAnalysis in
            guard case .new(let entry, let identity, var probe) = CatalogSeed.analysis(picture) else { return CatalogSeed.analysis(picture) }
            (probe.takenSource, probe.takenOffset) = said[picture.key] ?? (nil, nil)
            return .new(entry, identity, probe)
        }
        try await store.apply(analyses, now: Date(timeIntervalSince1970: 1_700_000_000))
        for (key, (source, offset)) in said {
            let photo = try #require(try await store.photo(key: key, viewer: .guest))
            #expect(photo.takenSource == source && photo.takenOffset == offset, "\(key)")
        }
        _ = opened
    }
}
