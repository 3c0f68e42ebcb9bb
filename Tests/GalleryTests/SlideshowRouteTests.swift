import Catalog
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

    @Test func aShareLinksFrameViewGoesRoundItsOwnPhotosAndNeverLeavesTheLink() async throws {
        // given a link to the folder "shelf" of three photos, a photo elsewhere, and a locked link
        let f = try GalleryFixture()
        f.guestRole = nil
        for n in 1...3 { try f.addJPEG("shelf/\(n).jpg", seed: n, exif: ["-DateTimeOriginal=2024:05:0\(n) 10:00:00"]) }
        try f.addJPEG("home/secret.jpg", seed: 9)
        try await f.scan()
        let store = try CatalogStore.open(dataFolder: f.data)
        let admin = try await f.addAccount("ada", role: .admin)
        let (token, locked, expired) = (String(repeating: "C", count: 43), String(repeating: "D", count: 43), String(repeating: "E", count: 43))
        try await store.createShare(token: token, accountId: admin.id, kind: .folder, value: "shelf", filter: "", expiresAt: nil, now: 0)
        let lockedId = try await store.createShare(token: locked, accountId: admin.id, kind: .folder, value: "shelf", filter: "", expiresAt: nil, now: 0)
        try await store.setSharePassword(id: lockedId, passwordHash: "$2b$04$notarealhashnotarealhashnotarealhashnotarealhashnot")
        try await store.createShare(token: expired, accountId: admin.id, kind: .folder, value: "shelf", filter: "", expiresAt: 1, now: 0)
        let secret = try #require(try await store.photo(key: "home/secret.jpg")?.card.sha256)
        try await f.withClient { client in
            let prefix = "/share/\(token)"
            // the link's page and its photos' pages offer the slideshow, inside the link
            #expect(try await client.execute(uri: prefix, method: .get).text.contains("href=\"\(prefix)/slideshow/shelf/1.jpg\">▶ Slideshow</a>"))
            #expect(try await client.execute(uri: "\(prefix)/photos/shelf/2.jpg", method: .get).text
                .contains("href=\"\(prefix)/slideshow/shelf/2.jpg\">▶ Slideshow from here</a>"))
            // the slideshow's every link and picture stays inside the link
            let show = try await client.execute(uri: "\(prefix)/slideshow/shelf/2.jpg", method: .get)
            #expect(show.status == .ok)
            let addresses = show.text.matches(of: #/(?:href|src|url)=\"?([^">]+)/#).map { String($0.output.1) }
                .filter { !$0.hasPrefix("/static/") }
            #expect(addresses.count >= 6)
            #expect(addresses.allSatisfy { $0.hasPrefix(prefix + "/") }, "\(addresses.filter { !$0.hasPrefix(prefix + "/") })")
            #expect(show.text.contains("<a href=\"\(prefix)/photos/shelf/2.jpg\" data-key=\"Escape\">✕ Exit</a>"))
            #expect(show.text.contains("href=\"\(prefix)/slideshow/shelf/2.jpg?frame=1\">⛶ Frame</a>"))
            // the frame view goes round the link's photos and only those, for as long as it is open
            var at = "\(prefix)/slideshow/shelf/1.jpg?frame=1"
            var seen: [String] = []
            for _ in 0..<6 {
                let frame = try await client.execute(uri: at, method: .get)
                #expect(frame.status == .ok, "\(at)")
                #expect(!frame.text.contains("<nav") && !frame.text.contains("<script") && !frame.text.contains("<form"))
                #expect(frame.text.contains("src=\"\(prefix)/thumbs/1600/"))
                seen.append(String(at.dropFirst(prefix.count)))
                at = try #require(frame.text.firstMatch(of: #/http-equiv="refresh" content="30;url=([^"]+)"/#).map { String($0.output.1) })
                    .replacingOccurrences(of: "&amp;", with: "&")
            }
            #expect(seen == (1...6).map { "/slideshow/shelf/\(($0 - 1) % 3 + 1).jpg" + ($0 == 1 ? "?frame=1" : "?every=30&frame=1") })
            // nothing outside the link is shown through it, however its address is written
            for path in ["/slideshow/home/secret.jpg", "/slideshow/shelf/../home/secret.jpg", "/slideshow/shelf/9.jpg", "/slideshow/home/secret.jpg?frame=1"] {
                #expect(try await client.execute(uri: prefix + path, method: .get).status == .notFound, "\(path)")
            }
            #expect(try await client.execute(uri: "\(prefix)/thumbs/1600/\(secret).jpg", method: .get).status == .notFound)
            // a link with a password shows its slideshow only once it is given; an expired one, never
            #expect(try await client.execute(uri: "/share/\(locked)/slideshow/shelf/1.jpg?frame=1", method: .get).status == .forbidden)
            #expect(try await client.execute(uri: "/share/\(expired)/slideshow/shelf/1.jpg?frame=1", method: .get).status == .gone)
            // the gallery's own slideshow stays the household's
            #expect(try await client.execute(uri: "/slideshow/shelf/1.jpg", method: .get).status != .ok)
            // and once the link is revoked, its frame view stops at the next refresh
            #expect(try await store.deleteShare(id: try #require(try await store.share(token: token)?.id), accountId: nil))
            #expect(try await client.execute(uri: "\(prefix)/slideshow/shelf/1.jpg?frame=1", method: .get).status == .notFound)
        }
    }
}
