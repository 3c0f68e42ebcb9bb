import Foundation
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// What every store must answer about videos: items like photos, with their kind and length.
@Suite struct VideoContract {
    @Test(arguments: StoreUnderTest.allCases)
    func aVideoIsAnItemWithItsKindLengthAndCodecs(_ kind: StoreUnderTest) async throws {
        // given a video and a photo in one folder
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 16)
        let (video, photo) = (seed.video("trip/clip.mp4", takenAt: 200), seed.picture("trip/a.jpg", takenAt: 100))
        try await CatalogSeed.catalogue([video, photo], in: store)
        // when the photo view and the folder's page ask
        let detail = try #require(try await store.photo(key: "trip/clip.mp4", viewer: .guest))
        let page = try #require(try await store.page(.folder("trip"), sort: .default, number: 1, perPage: 10, viewer: .guest))
        // then the video is there with what ffprobe said, beside the photo
        #expect(detail.format == .mp4 && detail.card.kind == .video && detail.card.durationMs == 42_500)
        #expect(detail.videoCodec == "hevc" && detail.audioCodec == "aac")
        #expect(page.photos.map(\.key) == ["trip/a.jpg", "trip/clip.mp4"])
        #expect(page.photos.map(\.kind) == [.photo, .video])
        #expect(page.photos.map(\.durationMs) == [nil, 42_500])
        #expect(try await store.folder(at: "trip")?.photoCount == 2)
        #expect(try await store.kindCounts() == KindCounts(photos: 1, videos: 1))
    }

    @Test(arguments: StoreUnderTest.allCases)
    func theKindFilterNarrowsAGroupAndCurationApplies(_ kind: StoreUnderTest) async throws {
        // given two videos and a photo
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 17)
        let videos = [seed.video("v/one.mov", takenAt: 10), seed.video("v/two.webm", takenAt: 20)]
        try await CatalogSeed.catalogue(videos + [seed.picture("v/still.jpg", takenAt: 30)], in: store)
        let id = try #require(try await store.photoId(forKey: "v/one.mov"))
        // when a video is starred and the group is filtered by kind
        try await store.setRating(photoId: id, 4)
        let onlyVideos = PhotoGroup.filtered(.folder("v"), SearchFilter(kind: .video))
        let onlyPhotos = PhotoGroup.filtered(.folder("v"), SearchFilter(kind: .photo))
        // then each filter keeps its kind, and the stars stuck
        #expect(try await store.count(onlyVideos) == 2)
        #expect(try await store.count(onlyPhotos) == 1)
        #expect(try await store.group(onlyVideos, containsKey: "v/two.webm"))
        #expect(try await !store.group(onlyVideos, containsKey: "v/still.jpg"))
        #expect(try await store.photo(key: "v/one.mov", viewer: .guest)?.rating == 4)
    }
}
