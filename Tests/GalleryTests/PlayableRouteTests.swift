import Foundation
import Hummingbird
import HummingbirdTesting
import Catalog
import Imaging
import TestSupport
import Testing
@testable import Gallery

/// Videos browsers cannot play: the rendition made once on first asking, the page that says it
/// is being prepared, and the rendition served with Range.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct PlayableRouteTests {
    /// A library with an H.264 MP4, an HEVC MOV and an MPEG-4 Part 2 AVI, scanned.
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture(.folder)
        try f.addBytes("v/clip.mp4", try TestVideos.bytes("mp4", seed: 1))
        try f.addBytes("v/phone.mov", try TestVideos.bytes("mov", codec: .hevc, seed: 2))
        try f.addBytes("v/old.avi", try TestVideos.bytes("avi", codec: .mpeg4, seed: 3))
        try await f.scan()
        return f
    }

    /// The content hash in the address of the page's poster (the player's, or the picture standing in for it).
    private func sha(in html: String, prefix: String = "") throws -> String {
        let poster = try #require(html.range(of: #"poster=""# + prefix + "/thumbs/1600/")
                                  ?? html.range(of: #"class="large" src=""# + prefix + "/thumbs/1600/"))
        return String(html[poster.upperBound...].prefix(64))
    }

    /// Asks `/play/KEY` (as `visitor`, when given) until it sends the visitor back to the video's page (the rendition is
    /// ready), at most `seconds`; returns the preparing pages seen on the way.
    private func waitUntilReady(_ client: any TestClientProtocol, _ key: String, as visitor: FormPoster? = nil,
                                seconds: Double = 60) async throws -> [String] {
        var pages: [String] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let response = if let visitor { try await visitor.get("/play/" + key) } else {
                try await client.execute(uri: "/play/" + key, method: .get)
            }
            if response.status == .seeOther || response.status == .found {
                #expect(response.headers[.location] == "/photos/" + key)
                return pages
            }
            #expect(response.status == .ok && response.headers[.cacheControl] == "no-store")
            pages.append(response.text)
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the rendition of \(key) was not ready in \(seconds) s")
        return pages
    }

    @Test func anHEVCVideoOffersItsOriginalThenARenditionMadeOnce() async throws {
        // given
        let f = try await fixture()
        try await f.withClient { client in
            let before = try await client.execute(uri: "/photos/v/phone.mov", method: .get).text
            let sha = try sha(in: before)
            // then the original is offered by codec, with a link that has a rendition made
            #expect(before.contains(#"<source src="/originals/v/phone.mov" type="video/mp4; codecs=&quot;hvc1&quot;">"#))
            #expect(before.contains(#"<a href="/play/v/phone.mov">Prepare a version that plays here</a>"#))
            // when the link is followed until the rendition is ready
            let pages = try await waitUntilReady(client, "v/phone.mov")
            // then the waiting page reloaded itself, and the video page offers the rendition after the original
            #expect(!pages.isEmpty && pages.allSatisfy { $0.contains(#"<meta http-equiv="refresh" content="3">"#) && $0.contains("being prepared") })
            let after = try await client.execute(uri: "/photos/v/phone.mov", method: .get).text
            #expect(after.contains(#"codecs=&quot;hvc1&quot;"><source src="/playable/\#(sha).mp4" type="video/mp4">"#))
            #expect(!after.contains("/play/v/phone.mov"))
            // and the rendition is an H.264 MP4, answering ranges
            let whole = try await client.execute(uri: "/playable/\(sha).mp4", method: .get)
            let part = try await client.execute(uri: "/playable/\(sha).mp4", method: .get, headers: [.range: "bytes=4-11"])
            #expect(whole.status == .ok && whole.headers[.contentType] == "video/mp4")
            #expect(part.status == .partialContent && part.headers[.contentRange] == "bytes 4-11/\(whole.body.readableBytes)")
            #expect(String(buffer: part.body) == "ftypisom")
            let stored = f.data + "/playable/\(sha.prefix(2))/\(sha).mp4"
            #expect(try Imaging.probeVideo(fileAt: stored, format: .mp4).videoCodec == "h264")
            // and asking again makes nothing new
            let modified = try FileManager.default.attributesOfItem(atPath: stored)[.modificationDate] as? Date
            #expect(try await waitUntilReady(client, "v/phone.mov").isEmpty)
            #expect(try FileManager.default.attributesOfItem(atPath: stored)[.modificationDate] as? Date == modified)
        }
    }

    @Test func aVideoNoBrowserPlaysShowsItsPosterUntilItsRenditionIsMade() async throws {
        // given
        let f = try await fixture()
        try await f.withClient { client in
            // when
            let before = try await client.execute(uri: "/photos/v/old.avi", method: .get).text
            _ = try await waitUntilReady(client, "v/old.avi")
            let after = try await client.execute(uri: "/photos/v/old.avi", method: .get).text
            // then first the poster and the link, then a player with the rendition alone
            #expect(!before.contains("<video") && before.contains(#"<img class="large" src="/thumbs/1600/"#))
            #expect(before.contains("Browsers cannot play this video"))
            #expect(before.contains(#"href="/play/v/old.avi""#))
            #expect(after.contains("<video") && after.contains(#"<source src="/playable/"#) && !after.contains(#"<source src="/originals/"#))
        }
    }

    @Test func aFailedRenditionIsNotTriedAgainAndTheDownloadIsOffered() async throws {
        // given a rendition that failed before
        let f = try await fixture()
        try await f.withClient { client in
            let sha = try sha(in: try await client.execute(uri: "/photos/v/old.avi", method: .get).text)
            let folder = f.data + "/playable/\(sha.prefix(2))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: folder + "/\(sha).failed", contents: Data("ffmpeg could not convert the video".utf8))
            // when
            let page = try await client.execute(uri: "/photos/v/old.avi", method: .get).text
            let play = try await client.execute(uri: "/play/v/old.avi", method: .get)
            // then no refreshing page, no work, and the download is offered
            #expect(page.contains("could not be made") && page.contains(#"<a href="/originals/v/old.avi">Download it</a>"#))
            #expect(play.status == .ok && !play.text.contains("http-equiv") && play.text.contains("could not be prepared"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/\(sha).mp4"))
        }
    }

    @Test func whatPlaysEverywhereNeedsNoRenditionAndUnknownOnesAre404() async throws {
        // given
        let f = try await fixture()
        try await f.withClient { client in
            // when
            let play = try await client.execute(uri: "/play/v/clip.mp4", method: .get)
            let page = try await client.execute(uri: "/photos/v/clip.mp4", method: .get).text
            let unknown = try await client.execute(uri: "/playable/\(String(repeating: "a", count: 64)).mp4", method: .get)
            let notHex = try await client.execute(uri: "/playable/..%2F..%2Fcatalog.mp4", method: .get)
            let noVideo = try await client.execute(uri: "/play/v/nothing.mp4", method: .get)
            // then
            #expect(play.status == .seeOther && play.headers[.location] == "/photos/v/clip.mp4")
            #expect(!page.contains("/play/") && !page.contains("class=\"note\""))
            #expect(unknown.status == .notFound && notHex.status == .notFound && noVideo.status == .notFound)
        }
    }

    @Test func emptyingTheTrashDeletesAVideosRendition() async throws {
        // given a video with a rendition, and an admin
        let f = try await fixture()
        f.guestRole = nil
        try await f.addAccount("ada", role: .admin)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let sha = try sha(in: try await ada.get("/photos/v/old.avi").text)
            _ = try await waitUntilReady(client, "v/old.avi", as: ada)
            let stored = f.data + "/playable/\(sha.prefix(2))/\(sha).mp4"
            #expect(FileManager.default.fileExists(atPath: stored))
            // when it is moved to the trash and the trash is emptied
            #expect(try await ada.post("/actions/delete", [("key", "v/old.avi")]).status == .seeOther)
            #expect(try await ada.post("/actions/empty-trash", []).status == .seeOther)
            // then its rendition is gone and not served
            #expect(!FileManager.default.fileExists(atPath: stored))
            #expect(try await ada.get("/playable/\(sha).mp4").status == .notFound)
        }
    }

    @Test func aShareLinkOffersAndServesRenditionsOfItsOwnVideosOnly() async throws {
        // given a link to the folder v, and a video outside it
        let f = try await fixture()
        try f.addBytes("private/home.mov", try TestVideos.bytes("mov", codec: .hevc, seed: 9))
        try await f.scan()
        let admin = try await f.addAccount("ada", role: .admin)
        let store = try CatalogStore.open(dataFolder: f.data)
        let token = String(repeating: "B", count: 43)
        try await store.createShare(token: token, accountId: admin.id, kind: .folder, value: "v", filter: "", expiresAt: nil, now: 0)
        let prefix = "/share/\(token)"
        try await f.withClient { client in
            let before = try await client.execute(uri: prefix + "/photos/v/phone.mov", method: .get).text
            let sha = try sha(in: before, prefix: prefix)
            #expect(before.contains(#"<a href="\#(prefix)/play/v/phone.mov">Prepare a version that plays here</a>"#))
            // when the link's play page is followed until it sends the holder back
            var ready = false
            for _ in 0..<600 where !ready {
                let response = try await client.execute(uri: prefix + "/play/v/phone.mov", method: .get)
                ready = response.status == .seeOther
                if ready { #expect(response.headers[.location] == prefix + "/photos/v/phone.mov") }
                else { try await Task.sleep(for: .milliseconds(100)) }
            }
            // then the link's page offers the rendition under the link, and serves it
            #expect(ready)
            let after = try await client.execute(uri: prefix + "/photos/v/phone.mov", method: .get).text
            #expect(after.contains(#"<source src="\#(prefix)/playable/\#(sha).mp4" type="video/mp4">"#))
            let part = try await client.execute(uri: prefix + "/playable/\(sha).mp4", method: .get, headers: [.range: "bytes=4-11"])
            #expect(part.status == .partialContent && String(buffer: part.body) == "ftypisom")
            // and nothing outside the link: neither a play page nor a rendition of another video
            let outside = try await client.execute(uri: prefix + "/play/private/home.mov", method: .get)
            let homeSha = try #require(try await store.photo(key: "private/home.mov")?.card.sha256)
            let outsideRendition = try await client.execute(uri: prefix + "/playable/\(homeSha).mp4", method: .get)
            #expect(outside.status == .notFound && outsideRendition.status == .notFound)
        }
    }
}

/// Transcodes are fair: what came through a share link waits for the household.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct PlayableFairnessRouteTests {
    @Test func aLinksHoldersCannotStartATranscodeOfWhatCameThroughALink() async throws {
        // given an HEVC video in a link's own upload folder, and a link to that folder
        let f = try GalleryFixture(.folder)
        let key = UploadController.linkFolder(7) + "/clip.mov"
        try f.addBytes(key, try TestVideos.bytes("mov", codec: .hevc, seed: 5))
        try await f.scan()
        let admin = try await f.addAccount("ada", role: .admin)
        let store = try CatalogStore.open(dataFolder: f.data)
        let token = String(repeating: "C", count: 43)
        try await store.createShare(token: token, accountId: admin.id, kind: .folder, value: UploadController.linkFolder(7), filter: "",
                                    expiresAt: nil, now: 0)
        let sha = try #require(try await store.photo(key: key)?.card.sha256)
        let encoded = "Link%20uploads/7/clip.mov"
        try await f.withClient { client in
            // when the link's holder asks for a version that plays
            let asked = try await client.execute(uri: "/share/\(token)/play/\(encoded)", method: .get)
            // then nothing is started: the page says the household has to open it first, and offers the download
            #expect(asked.status == .ok)
            #expect(asked.text.contains("plays here once someone in the household has opened it"))
            #expect(asked.text.contains("href=\"/share/\(token)/originals/\(encoded)\""))
            #expect(!asked.text.contains("http-equiv=\"refresh\""))
            #expect(try await client.execute(uri: "/share/\(token)/playable/\(sha).mp4", method: .get).status == .notFound)
            // when someone of the household opens it, the rendition is made, and the link plays it too
            var ready = false
            for _ in 0..<600 where !ready {
                ready = try await client.execute(uri: "/play/\(encoded)", method: .get).status == .seeOther
                if !ready { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(ready)
            #expect(try await client.execute(uri: "/share/\(token)/play/\(encoded)", method: .get).status == .seeOther)
        }
    }
}
