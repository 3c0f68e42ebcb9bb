import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Videos through the real application: tiles, the video page, the poster and Range requests.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct VideoRouteTests {
    /// A library with a photo, a two-second H.264 MP4 and an HEVC MOV, scanned.
    private func fixture(_ kind: SourceKind) async throws -> (GalleryFixture, clip: [UInt8]) {
        let f = try GalleryFixture(kind)
        try f.addJPEG("trip/a.jpg", seed: 1, size: "300x200")
        let clip = try TestVideos.bytes("mp4", seconds: 2, seed: 3)
        try f.addBytes("trip/clip.mp4", clip)
        try f.addBytes("trip/phone.mov", try TestVideos.bytes("mov", codec: .hevc, seed: 5))
        try await f.scan()
        return (f, clip)
    }

    @Test(arguments: SourceKind.allCases) func tilesShowALengthBadgeAndSayTheyAreVideos(_ kind: SourceKind) async throws {
        // given
        let (f, _) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let html = try await client.execute(uri: "/folders/trip", method: .get).text
            // then
            #expect(html.contains(#"alt="clip.mp4, video, 0:02""#))
            #expect(html.contains(#"<span class="duration" aria-hidden="true">▶ 0:02</span>"#))
            #expect(html.contains(#"alt="a.jpg""#))
            #expect(html.components(separatedBy: #"class="duration""#).count == 3)
        }
    }

    @Test(arguments: SourceKind.allCases) func theVideoPagePlaysTheOriginalWithoutScript(_ kind: SourceKind) async throws {
        // given
        let (f, _) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let html = try await client.execute(uri: "/photos/trip/clip.mp4", method: .get).text
            let photoPage = try await client.execute(uri: "/photos/trip/a.jpg", method: .get).text
            // then a <video> with controls, metadata preload, the poster and the original as its source
            #expect(html.contains(#"<video class="large" controls preload="metadata" playsinline poster="/thumbs/1600/"#))
            #expect(html.contains(#".jpg" width="160" height="120" aria-label="clip.mp4"><source src="/originals/trip/clip.mp4" type="video/mp4">"#))
            #expect(html.contains(#"<a href="/originals/trip/clip.mp4">Download it</a>"#))
            #expect(html.contains("0:02") && html.contains("H264 video"))
            #expect(!html.replacingOccurrences(of: #"<script src="/static/app.js" defer></script>"#, with: "").contains("<script"), "no script but the page's optional one")
            #expect(!photoPage.contains("<video"))
            // and a video offers no turn (it plays as it was shot), a photo does, and a turn sent anyway is refused
            #expect(!html.contains("data-action=\"rotate\"") && photoPage.contains("data-action=\"rotate\""))
            let form = try await FormPoster.start(client, page: "/photos/trip/clip.mp4")
            let turned = try await form.post("/actions/rotate", [("key", "trip/clip.mp4"), ("turn", "right"), ("back", "/photos/trip/clip.mp4")])
            #expect(turned.status == .badRequest && turned.text.contains("cannot be turned"))
            #expect(!(try await client.execute(uri: "/photos/trip/clip.mp4", method: .get).text.contains("-r90")), "its poster is not turned")
        }
    }

    @Test(arguments: SourceKind.allCases) func theOriginalAnswersRangesWith206(_ kind: SourceKind) async throws {
        // given
        let (f, clip) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let whole = try await client.execute(uri: "/originals/trip/clip.mp4", method: .get)
            let part = try await client.execute(uri: "/originals/trip/clip.mp4", method: .get, headers: [.range: "bytes=100-1123"])
            let tail = try await client.execute(uri: "/originals/trip/clip.mp4", method: .get, headers: [.range: "bytes=-16"])
            let mov = try await client.execute(uri: "/originals/trip/phone.mov", method: .get, headers: [.range: "bytes=0-7"])
            // then
            #expect(whole.status == .ok && whole.headers[.contentType] == "video/mp4" && whole.headers[.acceptRanges] == "bytes")
            #expect(Array(whole.body.readableBytesView) == clip)
            #expect(part.status == .partialContent && part.headers[.contentType] == "video/mp4")
            #expect(part.headers[.contentRange] == "bytes 100-1123/\(clip.count)" && part.headers[.contentLength] == "1024")
            #expect(Array(part.body.readableBytesView) == Array(clip[100...1123]))
            #expect(tail.status == .partialContent && Array(tail.body.readableBytesView) == Array(clip.suffix(16)))
            #expect(mov.status == .partialContent && mov.headers[.contentType] == "video/quicktime")
        }
    }

    @Test(arguments: SourceKind.allCases) func theGridThumbnailIsThePosterFrame(_ kind: SourceKind) async throws {
        // given
        let (f, _) = try await fixture(kind)
        try await f.withClient { client in
            let html = try await client.execute(uri: "/photos/trip/phone.mov", method: .get).text
            let poster = try #require(html.range(of: #"poster="/thumbs/1600/"#))
            let sha = String(html[poster.upperBound...].prefix(64))
            // when
            let grid = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            // then a real JPEG, cached like any thumbnail
            #expect(grid.status == .ok && grid.headers[.contentType] == "image/jpeg")
            #expect(Array(grid.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(FileManager.default.fileExists(atPath: "\(f.data)/thumbnails/\(sha.prefix(2))/\(sha)-256.jpg"))
        }
    }

    @Test(arguments: SourceKind.allCases) func theKindFilterKeepsVideosOrPhotos(_ kind: SourceKind) async throws {
        // given
        let (f, _) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let videos = try await client.execute(uri: "/folders/trip?kind=videos", method: .get).text
            let photos = try await client.execute(uri: "/search?kind=photos", method: .get).text
            let bad = try await client.execute(uri: "/folders/trip?kind=sounds", method: .get)
            // then
            #expect(videos.contains(#"alt="clip.mp4, video, 0:02""#) && videos.contains("phone.mov, video"))
            #expect(!videos.contains(#"alt="a.jpg""#))
            #expect(videos.contains("Videos only") && videos.contains(#"<option value="videos" selected>"#))
            #expect(photos.contains(#"alt="a.jpg""#) && !photos.contains("clip.mp4"))
            #expect(bad.status == .badRequest && bad.text.contains("kind: use photos, videos, live or raw."))
        }
    }

    @Test(arguments: SourceKind.allCases) func theScanPageCountsEachKind(_ kind: SourceKind) async throws {
        // given
        let (f, _) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let html = try await client.execute(uri: "/scan", method: .get).text
            // then
            #expect(html.contains("1 photo · 2 videos"))
        }
    }

    @Test(arguments: SourceKind.allCases) func anUploadedVideoLandsByItsDateAndIsIndexed(_ kind: SourceKind) async throws {
        // given a members-only library and a video shot in July 2023
        let f = try GalleryFixture(kind)
        f.guestRole = nil
        try await f.addAccount("max", role: .member)
        let folder = NSTemporaryDirectory() + "photolala-upload-video-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestVideos.write(to: folder + "/clip.mov", metadata: ["creation_time=2023-07-14T10:00:00Z"])
        let video = try Data(contentsOf: URL(fileURLWithPath: folder + "/clip.mov"))
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when
            let response = try await max.upload([("IMG_0042.MOV", video)])
            // then it is stored under its own name in the month it was shot, and shown as a video
            #expect(response.status == .ok)
            #expect(try await f.bytes("Uploads/2023/07/IMG_0042.MOV") == video)
            #expect(try await max.get("/folders/Uploads/2023/07").text.contains("IMG_0042.MOV, video, 0:01"))
        }
    }
}
