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
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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

    @Test(arguments: StoreUnderTest.allCases)
    func aLivePhotosClipIsShownReadAndSelectedAsPartOfItsStill(_ kind: StoreUnderTest) async throws {
        // given a still with a short clip of the same name beside it, and a photo alone
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 18)
        let still = seed.picture("live/IMG_1.jpg", takenAt: 100)
        var clip = seed.picture("live/IMG_1.mp4", takenAt: 100)
        clip.video = VideoInfo(duration: 2.5, width: 64, height: 48, rotation: 0, videoCodec: "hevc", audioCodec: nil)
        let alone = seed.picture("live/IMG_2.jpg", takenAt: 200)
        try await CatalogSeed.catalogue([still, clip, alone], in: store)
        // when the folder's page, the photo view and a selection ask
        let page = try #require(try await store.page(.folder("live"), sort: .default, number: 1, perPage: 10, viewer: .guest))
        let detail = try #require(try await store.photo(key: "live/IMG_1.jpg", viewer: .guest))
        let clipDetail = try #require(try await store.photo(key: "live/IMG_1.mp4", viewer: .guest))
        // then the clip is no item of its own: it is part of the still, on its page and in its group
        #expect(page.photos.map(\.key) == ["live/IMG_1.jpg", "live/IMG_2.jpg"] && page.total == 2)
        #expect(page.photos.map(\.isLive) == [true, false])
        #expect(detail.companions.map(\.key) == ["live/IMG_1.mp4"] && detail.companions.first?.role == .live)
        #expect(detail.companions.first?.format == .mp4 && detail.companions.first?.size == clip.size)
        #expect(clipDetail.pairedToKey == "live/IMG_1.jpg" && detail.pairedToKey == nil)
        #expect(try await store.count(.all) == 2)
        #expect(try await store.count(.filtered(.folder("live"), SearchFilter(kind: .live))) == 1)
        #expect(try await store.group(.folder("live"), containsKey: "live/IMG_1.mp4"))
        #expect(try await !store.group(.folder("elsewhere"), containsKey: "live/IMG_1.mp4"))
        #expect(try await store.group(.folder("live"), containsSha256: clip.sha256))
        #expect(try await !store.group(.topRated, containsSha256: clip.sha256))
        #expect(try await store.timeline().months == [TimelineMonth(year: 1970, month: 1, count: 2)])
        // and a selection of the items brings the clip after its still
        let files = try await store.files(ids: page.photos.map(\.fileId))
        #expect(try await store.withCompanions(files).map(\.key) == ["live/IMG_1.jpg", "live/IMG_1.mp4", "live/IMG_2.jpg"])
        // and making every folder again says whether it paired anything anew: not while the pair
        // stands, and yes for a clip whose still's rows came in without the folders made after them
        #expect(try await store.rebuildFolders() == false)
        var second = seed.picture("live/IMG_3.mp4", takenAt: 300)
        second.video = clip.video
        try await store.apply([CatalogSeed.analysis(second), CatalogSeed.analysis(seed.picture("live/IMG_3.jpg", takenAt: 300))], now: Date())
        #expect(try await store.photo(key: "live/IMG_3.mp4", viewer: .guest)?.pairedToKey == nil)
        #expect(try await store.rebuildFolders() == true)
        #expect(try await store.photo(key: "live/IMG_3.mp4", viewer: .guest)?.pairedToKey == "live/IMG_3.jpg")
        #expect(try await store.rebuildFolders() == false)
    }
}
