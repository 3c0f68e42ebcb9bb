import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct SlideshowRouteTests {
    @Test func theSlideshowMovesOnByItselfLoopsPausesAndKeepsItsGroup() async throws {
        let f = try GalleryFixture()
        for (n, day) in [(1, 1), (2, 2), (3, 3)] {
            try f.addJPEG("trip/\(n).jpg", seed: n, exif: ["-DateTimeOriginal=2024:05:0\(day) 10:00:00"])
        }
        try await f.scan()
        try await f.withClient { client in
            // a folder page and a photo page start it
            #expect(try await client.execute(uri: "/folders/trip", method: .get).text.contains("href=\"/slideshow/trip/1.jpg\">▶ Slideshow</a>"))
            #expect(try await client.execute(uri: "/photos/trip/2.jpg", method: .get).text.contains("href=\"/slideshow/trip/2.jpg\">▶ Slideshow from here</a>"))
            // it moves on to the next photo by itself, and fetches that one's picture ahead
            let first = try await client.execute(uri: "/slideshow/trip/1.jpg", method: .get).text
            #expect(first.contains("<meta http-equiv=\"refresh\" content=\"6;url=/slideshow/trip/2.jpg\">"))
            #expect(first.contains("<link rel=\"prefetch\" href=\"/thumbs/1600/"))
            #expect(first.contains("<span class=\"position\">1 of 3</span>"))
            #expect(!first.contains("rel=\"prev\""))
            // after the last comes the first again, at the chosen pace
            let last = try await client.execute(uri: "/slideshow/trip/3.jpg?every=10", method: .get).text
            #expect(last.contains("content=\"10;url=/slideshow/trip/1.jpg?every=10\""))
            // paused, it stays, and Play resumes
            let paused = try await client.execute(uri: "/slideshow/trip/2.jpg?paused=1", method: .get).text
            #expect(!paused.contains("http-equiv=\"refresh\""))
            #expect(paused.contains("<a href=\"/slideshow/trip/2.jpg\" data-key=\" \" data-action=\"toggle\">▶ Play</a>"))
            #expect(paused.contains("href=\"/slideshow/trip/3.jpg?paused=1\""))
            #expect(paused.contains("<a href=\"/photos/trip/2.jpg\" data-key=\"Escape\">✕ Exit</a>"))
            // a group other than the folder is kept, with its order
            let newest = try await client.execute(uri: "/slideshow/trip/3.jpg?in=all", method: .get).text
            #expect(newest.contains("content=\"6;url=/slideshow/trip/2.jpg?in=all\""))
            // and bad values are refused clearly
            #expect(try await client.execute(uri: "/slideshow/trip/1.jpg?every=1", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/slideshow/trip/9.jpg", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/slideshow/../etc/passwd", method: .get).status == .notFound)
        }
    }

    @Test func theFrameViewShowsThePhotoAloneAndGoesRoundForAsLongAsItIsOpen() async throws {
        // given a folder of three photos
        let f = try GalleryFixture()
        for n in 1...3 { try f.addJPEG("shelf/\(n).jpg", seed: n, exif: ["-DateTimeOriginal=2024:05:0\(n) 10:00:00"]) }
        try await f.scan()
        try await f.withClient { client in
            // the slideshow offers it
            #expect(try await client.execute(uri: "/slideshow/shelf/1.jpg", method: .get).text.contains("href=\"/slideshow/shelf/1.jpg?frame=1\">⛶ Frame</a>"))
            // it is the photo alone: no controls, no script, and it moves on every 30 s, even when asked to pause
            let frame = try await client.execute(uri: "/slideshow/shelf/1.jpg?frame=1&paused=1", method: .get).text
            #expect(frame.contains("<html lang=\"en\" dir=\"ltr\" class=\"slideshow frame\">"))
            #expect(frame.contains("<meta http-equiv=\"refresh\" content=\"30;url=/slideshow/shelf/2.jpg?every=30&amp;frame=1\">"))
            #expect(!frame.contains("<nav") && !frame.contains("<script") && !frame.contains("<form"))
            // a frame view at the slideshow's own pace keeps it from one photo to the next
            let quick = try await client.execute(uri: "/slideshow/shelf/1.jpg?every=6&frame=1", method: .get).text
            #expect(quick.contains("<meta http-equiv=\"refresh\" content=\"6;url=/slideshow/shelf/2.jpg?every=6&amp;frame=1\">"))
            // and following its refreshes goes round and round, every page the same size but for its names
            var url = "/slideshow/shelf/1.jpg?frame=1&every=5"
            var seen: [String] = []
            var sizes = Set<Int>()
            for _ in 0..<300 {
                let page = try await client.execute(uri: url, method: .get)
                #expect(page.status == .ok)
                let text = page.text
                let next = try #require(text.firstMatch(of: #/content="5;url=([^"]+)"/#).map { String($0.output.1) })
                seen.append(String(url.prefix { $0 != "?" }))
                sizes.insert(text.count)
                url = next.replacingOccurrences(of: "&amp;", with: "&")
            }
            #expect(seen.prefix(6) == ["/slideshow/shelf/1.jpg", "/slideshow/shelf/2.jpg", "/slideshow/shelf/3.jpg",
                                       "/slideshow/shelf/1.jpg", "/slideshow/shelf/2.jpg", "/slideshow/shelf/3.jpg"])
            #expect(Set(seen).count == 3 && sizes.count <= 3, "a frame page does not grow: \(sizes.sorted())")
        }
    }

    @Test func thePhotoPageFetchesTheNextPhotosPictureAhead() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/1.jpg", seed: 1, exif: ["-DateTimeOriginal=2024:05:01 10:00:00"])
        try f.addJPEG("trip/2.jpg", seed: 2, exif: ["-DateTimeOriginal=2024:05:02 10:00:00"])
        try await f.scan()
        try await f.withClient { client in
            let first = try await client.execute(uri: "/photos/trip/1.jpg", method: .get).text
            let next = try #require(first.firstMatch(of: #/rel="next" accesskey="n" href="/photos/trip/2.jpg"/#))
            _ = next
            let second = try await client.execute(uri: "/photos/trip/2.jpg", method: .get).text
            let sha = try #require(second.firstMatch(of: #/src="/thumbs/1600/([0-9a-f]{64})\.jpg"/#).map { String($0.output.1) })
            #expect(first.contains("<link rel=\"prefetch\" href=\"/thumbs/1600/\(sha).jpg\" as=\"image\">"))
            #expect(!second.contains("rel=\"prefetch\""), "the last photo has no next one")
        }
    }
}
