import Catalog
import Foundation
import Logging
import TestSupport
import Testing
@testable import Gallery

/// The one-at-a-time transcode queue is shared fairly: nobody holds more than their share of it,
/// and a page can say how many are ahead. A held source keeps the work under way while it is looked at.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct PlayableQueueTests {
    @Test func oneRequesterHoldsAtMostTwoPlacesAndEachKnowsWhatIsAhead() async throws {
        // given four HEVC videos, and a store whose source holds every read
        let f = try GalleryFixture(.folder)
        for i in 0..<4 { try f.addBytes("v/\(i).mov", try TestVideos.bytes("mov", codec: .hevc, seed: 60 + i)) }
        try await f.scan()
        let catalog = try await f.openCatalog()
        var videos: [PhotoDetail] = []
        for i in 0..<4 { videos.append(try #require(try await catalog.photo(key: "v/\(i).mov"))) }
        let source = FailingSource(f.source)
        source.holdReads()
        let store = PlayableStore(dataPath: f.data, source: source, logger: Logger(label: "test"))
        // when a link asks for three, and an account for the third
        #expect(await store.prepare(videos[0], for: "link:1") == .preparing)
        #expect(await store.prepare(videos[1], for: "link:1") == .preparing)
        let third = await store.prepare(videos[2], for: "link:1")
        let fourthForAnother = await store.prepare(videos[2], for: "account:2")
        // then the link's third waits for one of its own, and someone else's place is theirs
        #expect(third == .overLimit)
        #expect(fourthForAnother == .preparing)
        #expect(await store.ahead(of: videos[0].card.sha256) == 0)
        #expect(await store.ahead(of: videos[2].card.sha256) == 2)
        #expect(await store.prepare(videos[2], for: "link:1") == .preparing, "already under way for another: it says so")
        // and what came through a link is never started by asking
        #expect(await store.prepare(videos[3], for: "account:2", mayStart: false) == .awaitingHousehold)
        #expect(await store.state(sha256: videos[3].card.sha256) == .absent)
        // when the reads go on (and fail, so it is quick), the places are free again
        source.failReads("the disk is away")
        source.releaseReads()
        for video in videos.prefix(3) {
            for _ in 0..<600 where await store.state(sha256: video.card.sha256) == .preparing { try await Task.sleep(for: .milliseconds(50)) }
            #expect(await store.state(sha256: video.card.sha256) == .failed)
        }
        #expect(await store.prepare(videos[3], for: "link:1") == .preparing)
    }
}
