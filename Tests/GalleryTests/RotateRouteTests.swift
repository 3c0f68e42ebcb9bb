import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import TestSupport
import Testing
@testable import Gallery

@Suite struct RotateRouteTests {
    /// The width and height of a JPEG answer.
    private func dimensions(_ response: TestResponse, in folder: String) throws -> (Int, Int) {
        let path = folder + "/rendition-\(UUID().uuidString).jpg"
        _ = FileManager.default.createFile(atPath: path, contents: Data(buffer: response.body))
        let probe = try Imaging.probe(fileAt: path, format: .jpeg)
        return (probe.width, probe.height)
    }

    @Test func aTurnIsKeptOnTheContentAndEveryRenditionAndPageFollowsIt() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        // a is the later one, so it is the folder's cover
        try f.addJPEG("trip/a.jpg", seed: 1, size: "64x48", exif: ["-DateTimeOriginal=2024:05:02 10:00:00"])
        try f.addJPEG("trip/b.jpg", seed: 2, size: "64x48", exif: ["-DateTimeOriginal=2024:05:01 10:00:00"])
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let vic = try await FormPoster.signIn(client, "vic")
            let before = try await max.get("/photos/trip/a.jpg").text
            #expect(before.contains("data-action=\"rotate\""))
            #expect(before.contains("width=\"64\" height=\"48\""))
            // (the large picture's own address, not the next photo's the page prefetches)
            let sha = try #require(before.firstMatch(of: #/class="large" src="/thumbs/1600/([0-9a-f]{64})\.jpg"/#).map { String($0.output.1) })
            // viewers look, members turn
            #expect(!(try await vic.get("/photos/trip/a.jpg").text.contains("data-action=\"rotate\"")))
            #expect(try await vic.post("/actions/rotate", [("key", "trip/a.jpg"), ("turn", "right")]).status == .forbidden)

            // when a member turns it right
            let turned = try await max.post("/actions/rotate", [("key", "trip/a.jpg"), ("turn", "right"), ("back", "/photos/trip/a.jpg")])
            #expect(turned.status == .seeOther)
            #expect(turned.headers[.location] == "/photos/trip/a.jpg")
            // then the page asks for the turned renditions, standing up
            let page = try await vic.get("/photos/trip/a.jpg").text
            #expect(page.contains("/thumbs/1600/\(sha)-r90.jpg"))
            #expect(page.contains("width=\"48\" height=\"64\""))
            #expect(try await vic.get("/folders/trip").text.contains("/thumbs/240/\(sha)-r90.jpg"))
            #expect(try await vic.get("/library").text.contains("-r90.jpg"), "the folder's cover follows when it is the one turned")
            // and the renditions are drawn turned; the old address still draws the picture unturned
            let screen = try await vic.get("/thumbs/1600/\(sha)-r90.jpg")
            #expect(screen.status == .ok)
            #expect(screen.headers[.cacheControl]?.contains("immutable") == true)
            #expect(try dimensions(screen, in: f.root) == (48, 64))
            #expect(try dimensions(try await vic.get("/thumbs/1600/\(sha).jpg"), in: f.root) == (64, 48))
            #expect(try dimensions(try await vic.get("/thumbs/1600/\(sha)-r180.jpg"), in: f.root) == (64, 48))
            // a turn that does not exist, or is spelled two ways, is not a rendition
            for name in ["\(sha)-r45", "\(sha)-r0", "\(sha)-r090", "\(sha)-r90x", "\(sha)r90"] {
                #expect(try await vic.get("/thumbs/256/\(name).jpg").status == .notFound, "\(name)")
            }
            // the search's shape filter sees it standing
            #expect(try await vic.get("/search?orientation=portrait").text.contains("1 photo"))

            // turns add up: two lefts from a right is a left
            for _ in 0..<2 { _ = try await max.post("/actions/rotate", [("key", "trip/a.jpg"), ("turn", "left")]) }
            #expect(try await vic.get("/photos/trip/a.jpg").text.contains("/thumbs/1600/\(sha)-r270.jpg"))

            // bad forms are refused with the right status, and nothing turns
            #expect(try await max.post("/actions/rotate", [("key", "trip/a.jpg"), ("turn", "up")]).status == .badRequest)
            #expect(try await max.post("/actions/rotate", [("key", "trip/a.jpg")]).status == .badRequest)
            #expect(try await max.post("/actions/rotate", [("key", "trip/none.jpg"), ("turn", "left")]).status == .notFound)
            #expect(try await max.get("/actions/rotate").status == .methodNotAllowed)
            #expect(try await vic.get("/photos/trip/a.jpg").text.contains("/thumbs/1600/\(sha)-r270.jpg"))
        }

        // when the folder is renamed, the turn stays with the picture
        try FileManager.default.moveItem(atPath: f.library + "/trip", toPath: f.library + "/lisbon")
        try await f.scan()
        try await f.withClient { client in
            let vic = try await FormPoster.signIn(client, "vic")
            let page = try await vic.get("/photos/lisbon/a.jpg").text
            #expect(page.contains("-r270.jpg") && page.contains("width=\"48\" height=\"64\""))
        }
    }

    @Test func aShareLinkShowsThePictureTurnedAndServesOnlyItsOwnRenditions() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 3, size: "64x48")
        try f.addJPEG("home/b.jpg", seed: 4, size: "64x48")
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            _ = try await max.post("/actions/rotate", [("key", "trip/a.jpg"), ("turn", "right")])
            _ = try await max.post("/actions/rotate", [("key", "home/b.jpg"), ("turn", "right")])
            let shared = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("filter", ""), ("expires", "0")])
            let list = try await max.keeping("photolala_new_share", from: shared).get("/shared?new=1").text
            let token = try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{22,})/#).map { String($0.output.1) })
            let page = try await client.execute(uri: "/share/\(token)", method: .get).text
            let url = try #require(page.firstMatch(of: #//share/[A-Za-z0-9_-]+/thumbs/240/[0-9a-f]{64}-r90\.jpg/#).map { String($0.output) })
            #expect(try await client.execute(uri: url, method: .get).status == .ok)
            let other = try #require(try await max.get("/photos/home/b.jpg").text.firstMatch(of: #/class="large" src="/thumbs/1600/([0-9a-f]{64})-r90/#)
                .map { String($0.output.1) })
            #expect(try await client.execute(uri: "/share/\(token)/thumbs/256/\(other)-r90.jpg", method: .get).status == .notFound)
        }
    }
}
