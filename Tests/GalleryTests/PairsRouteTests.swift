@testable import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import TestSupport
import Testing
@testable import Gallery

/// Live Photos, motion photos and their clips through the real application.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct PairsRouteTests {
    /// A Live pair (an H.264 clip beside a JPEG), a motion photo and a plain photo, scanned.
    private func fixture(_ kind: SourceKind) async throws -> (GalleryFixture, clip: [UInt8], motionClip: [UInt8]) {
        let f = try GalleryFixture(kind)
        try f.addJPEG("roll/IMG_0001.JPG", seed: 1, size: "300x200")
        let clip = try TestVideos.bytes("mov", seconds: 1, seed: 2)
        try f.addBytes("roll/IMG_0001.MOV", clip)
        let motionClip = try TestVideos.bytes("mp4", seconds: 1, seed: 3)
        try f.addBytes("roll/PXL_1.MP.jpg", try TestMotionPhotos.jpeg(seed: 4, clip: motionClip))
        try f.addJPEG("roll/plain.jpg", seed: 5)
        try await f.scan()
        return (f, clip, motionClip)
    }

    @Test(arguments: SourceKind.allCases) func tilesOfLivePhotosSaySoAndTheClipIsNoTile(_ kind: SourceKind) async throws {
        let (f, _, _) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let html = try await client.execute(uri: "/folders/roll", method: .get).text
            // then three tiles, two with the badge and the words for a screen reader
            #expect(html.contains("3 photos"))
            #expect(!html.contains("IMG_0001.MOV"))
            #expect(html.contains(#"alt="IMG_0001.JPG, live photo""#) && html.contains(#"alt="PXL_1.MP.jpg, live photo""#))
            #expect(html.components(separatedBy: #"<span class="kind-badge" aria-hidden="true">Live</span>"#).count == 3)
            // and the filter keeps just them
            let live = try await client.execute(uri: "/folders/roll?kind=live", method: .get).text
            #expect(live.contains("2 photos") && !live.contains("plain.jpg") && live.contains("Live photos"))
            #expect(try await client.execute(uri: "/folders/roll?kind=moving", method: .get).status == .badRequest)
        }
    }

    @Test(arguments: SourceKind.allCases) func theStillsPageOffersItsClipWithoutScript(_ kind: SourceKind) async throws {
        let (f, _, _) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let html = try await client.execute(uri: "/photos/roll/IMG_0001.JPG", method: .get).text
            let clipPage = try await client.execute(uri: "/photos/roll/IMG_0001.MOV", method: .get).text
            // then the still, and inside a <details> a player of the clip with the still as its poster
            #expect(html.contains(#"<img class="large" src="/thumbs/1600/"#))
            #expect(html.contains(#"<details class="live"><summary><span class="to-play">▶ Play the Live photo</span><span class="to-still">Show the photo</span></summary><video class="large" controls preload="metadata""#))
            #expect(html.contains(#"<source src="/originals/roll/IMG_0001.MOV" type="video/mp4">"#))
            #expect(html.contains("Download Live clip (MOV,") && html.contains(#"download="IMG_0001.MOV""#))
            #expect(!html.replacingOccurrences(of: #"<script src="/static/app.js" defer></script>"#, with: "").contains("<script"), "no script but the page's optional one")
            // and the clip's own address shows the shot's page
            #expect(clipPage.contains(#"<details class="live">"#) && clipPage.contains("<h1>IMG_0001.JPG</h1>"))
        }
    }

    @Test(arguments: SourceKind.allCases) func aMotionPhotosClipIsServedWithRanges(_ kind: SourceKind) async throws {
        let (f, _, motionClip) = try await fixture(kind)
        try await f.withClient { client in
            // when
            let page = try await client.execute(uri: "/photos/roll/PXL_1.MP.jpg", method: .get).text
            let whole = try await client.execute(uri: "/motion/roll/PXL_1.MP.jpg", method: .get)
            let part = try await client.execute(uri: "/motion/roll/PXL_1.MP.jpg", method: .get, headers: [.range: "bytes=4-11"])
            let none = try await client.execute(uri: "/motion/roll/plain.jpg", method: .get)
            // then the page plays it, and the clip is the MP4 that was appended, byte for byte
            #expect(page.contains(#"<source src="/motion/roll/PXL_1.MP.jpg" type="video/mp4">"#))
            #expect(page.contains(#"download="PXL_1.MP.mp4""#) && page.contains("Motion clip"))
            #expect(whole.status == .ok && whole.headers[.contentType] == "video/mp4")
            #expect(Array(whole.body.readableBytesView) == motionClip)
            #expect(part.status == .partialContent && part.text == "ftypisom")
            #expect(part.headers[.contentRange] == "bytes 4-11/\(motionClip.count)")
            #expect(none.status == .notFound)
        }
    }

    @Test(arguments: SourceKind.allCases) func aShareOfTheFolderPlaysTheClipAndDownloadsIt(_ kind: SourceKind) async throws {
        let (f, clip, motionClip) = try await fixture(kind)
        f.guestRole = nil
        let store = try CatalogStore.open(dataFolder: f.data)
        let admin = try await f.addAccount("ada", role: .admin)
        let token = String(repeating: "B", count: 43)
        try await store.createShare(token: token, accountId: admin.id, kind: .folder, value: "roll", filter: "", expiresAt: nil, now: 0)
        try await f.withClient { client in
            // when
            let page = try await client.execute(uri: "/share/\(token)/photos/roll/IMG_0001.JPG", method: .get).text
            let original = try await client.execute(uri: "/share/\(token)/originals/roll/IMG_0001.MOV", method: .get)
            let motion = try await client.execute(uri: "/share/\(token)/motion/roll/PXL_1.MP.jpg", method: .get)
            let outside = try await client.execute(uri: "/originals/roll/IMG_0001.MOV", method: .get)
            // then
            #expect(page.contains(#"<source src="/share/\#(token)/originals/roll/IMG_0001.MOV" type="video/mp4">"#))
            #expect(original.status == .ok && Array(original.body.readableBytesView) == clip)
            #expect(motion.status == .ok && Array(motion.body.readableBytesView) == motionClip)
            #expect(outside.status != .ok, "outside the link, a guest without a role sees nothing")
        }
    }

    @Test(arguments: SourceKind.allCases) func aStackOffersItsRAWForDownload(_ kind: SourceKind) async throws {
        // given a JPEG and the DNG of the same shot
        let f = try GalleryFixture(kind)
        try f.addJPEG("shoot/DSC_0001.jpg", seed: 11, size: "300x200")
        let dng = TestRaws.dng(preview: try TestImages.jpeg(seed: 12, size: "300x200"))
        try f.addBytes("shoot/DSC_0001.dng", dng)
        try await f.scan()
        try await f.withClient { client in
            // when
            let grid = try await client.execute(uri: "/folders/shoot", method: .get).text
            let page = try await client.execute(uri: "/photos/shoot/DSC_0001.jpg", method: .get).text
            let raw = try await client.execute(uri: "/originals/shoot/DSC_0001.dng", method: .get)
            // then one tile, marked RAW; its page offers both files, the RAW as it is
            #expect(grid.contains("1 photo") && grid.contains(#"<span class="kind-badge" aria-hidden="true">RAW</span>"#))
            #expect(grid.contains(#"alt="DSC_0001.jpg, with RAW""#))
            #expect(page.contains("Download original") && page.contains(#"href="/originals/shoot/DSC_0001.dng" download="DSC_0001.dng">Download RAW (DNG,"#))
            #expect(!page.contains(#"<details class="live">"#))
            #expect(raw.status == .ok && raw.headers[.contentType] == "image/x-adobe-dng" && Array(raw.body.readableBytesView) == dng)
        }
    }

    @Test(arguments: SourceKind.allCases) func renditionsOfContentProbedAnewAreDroppedAfterTheScan(_ kind: SourceKind) async throws {
        // given a DNG with its grid rendition made
        let f = try GalleryFixture(kind)
        try f.addBytes("shoot/DSC_0009.dng", TestRaws.dng(preview: try TestImages.jpeg(seed: 19, size: "300x200")))
        try await f.scan()
        let store = try CatalogStore.open(dataFolder: f.data)
        let sha = try #require(try await store.photo(key: "shoot/DSC_0009.dng")?.card.sha256)
        try await f.withClient { client in
            let made = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            #expect(made.status == .ok)
        }
        let rendition = f.data + "/thumbnails/\(sha.prefix(2))/\(sha)-256.jpg"
        #expect(FileManager.default.fileExists(atPath: rendition))
        // when its row is marked to be read again (as an upgrade does), the library is scanned, and
        // the server's after-scan step runs
        try await store.write { db in
            try db.execute(sql: "UPDATE photo SET reprobe = 1")
            try db.execute(sql: "UPDATE file SET mtimeNs = -1")
        }
        try await f.scan()
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let parts = try await GalleryParts(config: f.config(), source: f.memory, logger: logger)
        await parts.afterScan()
        // then the rendition made from what was read before is gone, to be made again
        #expect(!FileManager.default.fileExists(atPath: rendition))
    }

    @Test func aZipOfTheShotsHoldsTheirClipsAndRAWs() async throws {
        // given a Live pair, a JPEG with its DNG, and a plain photo
        let (f, clip, _) = try await fixture(.folder)
        let dng = TestRaws.dng(preview: try TestImages.jpeg(seed: 12, size: "300x200"))
        try f.addJPEG("roll/DSC_0001.jpg", seed: 11)
        try f.addBytes("roll/DSC_0001.dng", dng)
        try await f.scan()
        try await f.withClient { client in
            // when every photo of the folder is downloaded as one zip
            let form = try await FormPoster.start(client, page: "/folders/roll")
            let response = try await form.post("/actions/select", [("group", "folder:roll"), ("all", "1"), ("do", "zip")])
            // then it holds each shot's other files too, byte for byte
            #expect(response.status == .ok)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let zip = folder.appendingPathComponent("roll.zip")
            try Data(buffer: response.body).write(to: zip)
            try GalleryFixture.run("unzip", ["-q", zip.path, "-d", folder.appendingPathComponent("out").path])
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
            #expect(names == ["DSC_0001.dng", "DSC_0001.jpg", "IMG_0001.JPG", "IMG_0001.MOV", "PXL_1.MP.jpg", "plain.jpg"])
            #expect(try Data(contentsOf: folder.appendingPathComponent("out/IMG_0001.MOV")) == Data(clip))
            #expect(try Data(contentsOf: folder.appendingPathComponent("out/DSC_0001.dng")) == Data(dng))
        }
    }
}
