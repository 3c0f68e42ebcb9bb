import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// A share link shows its group and nothing else, for as long as the group lives: each test here
/// is one way a link's holder once reached past it.
@Suite struct ShareBoundaryRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("home/private.jpg", seed: 2)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        return f
    }

    /// Puts `key` in album `name` (made when new) and shares it; returns the link's token.
    private func shareAlbum(_ max: FormPoster, _ name: String, key: String, uploads: Bool, id: Int64) async throws -> String {
        _ = try await max.post("/actions/album-add", [("key", key), ("album", name)])
        let made = try await max.post("/actions/share", [("kind", "album"), ("value", String(id)), ("filter", ""), ("expires", "0")]
                                      + (uploads ? [("uploads", "1")] : []))
        #expect(made.status == .seeOther)
        let list = try await max.keeping("photolala_new_share", from: made).get(try #require(made.headers[.location])).text
        return try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
    }

    @Test func aLinkToADeletedAlbumIsGoneAndNeverOpensTheNextAlbumMade() async throws {
        // given album "Trip" shared with uploads, then deleted
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let token = try await shareAlbum(max, "Trip", key: "trip/a.jpg", uploads: true, id: 1)
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).status == .ok)
            #expect(try await max.post("/actions/album-delete", [("album", "1"), ("confirm", "1")]).status == .seeOther)
            // when another album is made, holding a private photo
            _ = try await max.post("/actions/album-add", [("key", "home/private.jpg"), ("album", "PrivateFamily")])
            #expect(try await max.get("/albums").text.contains("PrivateFamily"))
            // then the old link answers 410 on every part of it, and shows nothing of the new album
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            for path in ["/share/\(token)", "/share/\(token)/zip", "/share/\(token)/photos/home/private.jpg",
                         "/share/\(token)/originals/home/private.jpg"] {
                let answer = try await friend.get(path)
                #expect(answer.status == .gone, "\(path)")
                #expect(!answer.text.contains("PrivateFamily") && !answer.text.contains("private.jpg"), "\(path)")
            }
            let upload = try await friend.upload([("x.jpg", Data(try TestImages.jpeg(seed: 5)))], csrf: friend.token, to: "/share/\(token)/upload")
            #expect(upload.status == .gone)
            #expect(try await !f.exists(UploadController.linkFolder(1) + "/x.jpg"))
            // and the maker's list says it ended
            let list = try await max.get("/shared").text
            #expect(list.contains("Ended: what it showed is gone") && !list.contains("takes photos"))
        }
    }

    @Test func whatComesThroughALinkIsFiledApartAndAHouseholdCopyAddsNothingOfTheHouseholds() async throws {
        // given a household photo outside the shared album, and an album link that takes photos
        let f = try await fixture()
        let householdCopy = try #require(try await f.bytes("home/private.jpg"))
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let token = try await shareAlbum(max, "Party", key: "trip/a.jpg", uploads: true, id: 1)
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            let csrf = try #require(FormPoster.formToken(in: try await friend.get("/share/\(token)").text))
            // when the holder sends a new photo and a copy of the household's private one
            let fresh = Data(try TestImages.jpeg(seed: 9, exif: ["-DateTimeOriginal=2023:05:10 12:00:00"]))
            let sent = try await friend.upload([("VID_0001.jpg", fresh), ("copy.jpg", householdCopy)], csrf: csrf, to: "/share/\(token)/upload")
            #expect(sent.status == .ok)
            // then the new one is filed in the link's own folder, not among the household's uploads
            #expect(try await f.exists(UploadController.linkFolder(1) + "/VID_0001.jpg"))
            #expect(try await !f.exists("Uploads/2023/05/VID_0001.jpg"))
            // and the copy added nothing: not in the album, no household path named
            #expect(sent.text.contains("not added: a photo with the same bytes is already kept here"))
            #expect(!sent.text.contains("home/private.jpg") && !sent.text.contains("home/"))
            let page = try await friend.get("/share/\(token)").text
            #expect(page.contains("2 photos") && !page.contains("private.jpg"))
            #expect(try await friend.get("/share/\(token)/originals/home/private.jpg").status == .notFound)
            // a copy of what the album holds is said to be there
            let again = try await friend.upload([("again.jpg", fresh)], csrf: csrf, to: "/share/\(token)/upload")
            #expect(again.text.contains("already in this album"))
        }
    }

    @Test(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
    func anUploadThroughALinkNeverClaimsAHouseholdClip() async throws {
        // given a household clip in the upload folder of its month
        let f = try await fixture()
        try f.addBytes("Uploads/2023/05/VID_0001.mp4", try TestVideos.bytes("mp4", seconds: 2, seed: 4))
        try await f.scan()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let token = try await shareAlbum(max, "Party", key: "trip/a.jpg", uploads: true, id: 1)
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            #expect(try await friend.get("/share/\(token)/originals/Uploads/2023/05/VID_0001.mp4").status == .notFound)
            // when a still of the clip's name and month comes through the link
            let still = Data(try TestImages.jpeg(seed: 9, exif: ["-DateTimeOriginal=2023:05:10 12:00:00"]))
            #expect(try await friend.upload([("VID_0001.jpg", still)], csrf: friend.token, to: "/share/\(token)/upload").status == .ok)
            // then the clip stays the household's: unreachable through the link, and listed in its folder
            #expect(try await friend.get("/share/\(token)/originals/Uploads/2023/05/VID_0001.mp4").status == .notFound)
            #expect(try await friend.get("/share/\(token)/motion/Uploads/2023/05/VID_0001.mp4").status == .notFound)
            #expect(try await max.get("/folders/Uploads/2023/05").text.contains("VID_0001.mp4"))
        }
    }

    @Test func twoUploadsAtOnceNeverAddMoreThanTheLinkHasLeft() async throws {
        // given a link that may take three more
        let f = try await fixture()
        let photos = try (20..<28).map { Data(try TestImages.jpeg(seed: $0)) }
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let token = try await shareAlbum(max, "Party", key: "trip/a.jpg", uploads: true, id: 1)
            let store = try await f.openCatalog()
            let link = try #require(try await store.share(token: token))
            try await store.setShareUploads(id: link.id, count: 3)
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            let csrf = friend.token
            // when two uploads of two each arrive at the same time (each fits what is left; both do not)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for batch in [Array(photos[0..<2]), Array(photos[2..<4])] {
                    group.addTask {
                        try await friend.upload(batch.enumerated().map { ("p\($0.offset)-\(batch.hashValue).jpg", $0.element) }, csrf: csrf,
                                                to: "/share/\(token)/upload").status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            // then no more than three are added in all, and none is left
            let added = try await f.keys().filter { $0.hasPrefix(UploadController.linkFolder(link.id) + "/") }
            #expect(added.count <= 3, "\(statuses)")
            #expect(statuses.allSatisfy { [.ok, .contentTooLarge, .conflict, .notFound].contains($0) }, "\(statuses)")
            #expect(try await store.share(token: token)?.uploadsLeft == 3 - added.count)
            // and a batch that fits what is left is taken whole, the unused allowance given back
            try await store.setShareUploads(id: link.id, count: 5)
            #expect(try await friend.upload([("one.jpg", Data(try TestImages.jpeg(seed: 40)))], csrf: csrf, to: "/share/\(token)/upload").status == .ok)
            #expect(try await store.share(token: token)?.uploadsLeft == 4)
        }
    }

    @Test func visitorsOpeningAnUploadLinkAtOnceEachGetTheirOwnFormToken() async throws {
        // given an album link that takes photos, not yet opened by anyone
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let token = try await shareAlbum(max, "Party", key: "trip/a.jpg", uploads: true, id: 1)
            // when three visitors open it, two of them at the same moment
            var visitors: [FormPoster] = []
            for _ in 0..<3 { visitors.append(try await FormPoster.start(client, page: "/")) }
            let pages = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for i in 0..<2 { group.addTask { [visitors] in (i, try await visitors[i].get("/share/\(token)").text) } }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            let third = try await visitors[2].get("/share/\(token)").text
            // then each page carries its own visitor's token, and each can upload with it
            let tokens = try [pages[0]!, pages[1]!, third].map { try #require(FormPoster.formToken(in: $0)) }
            #expect(Set(tokens).count == 3)
            for (i, visitor) in visitors.enumerated() {
                #expect(tokens[i] == visitor.token)
                let sent = try await visitor.upload([("v\(i).jpg", Data(try TestImages.jpeg(seed: 50 + i)))], csrf: tokens[i], to: "/share/\(token)/upload")
                #expect(sent.status == .ok, "visitor \(i)")
            }
        }
    }

    @Test func aPasswordLinkOpensUnderABasePath() async throws {
        // given a gallery served under /photos and a folder link with a password
        let f = try await fixture()
        var config = f.config()
        config.basePath = "/photos"
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            let max = try await FormPoster.signIn(client, "max", base: "/photos")
            let made = try await max.post("/photos/actions/share", [("kind", "folder"), ("value", "trip"), ("expires", "0"), ("password", "lighthouse keeper")])
            let list = try await max.keeping("photolala_new_share", from: made).get("/photos/shared").text
            let token = try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
            // when a friend gives the password
            let friend = try await FormPoster.start(client, page: "/photos/share/\(token)")
            let opened = try await friend.post("/photos/share/\(token)", [("password", "lighthouse keeper")])
            // then the unlock cookie is for the link's address as the browser sees it
            let cookie = try #require(opened.headers[values: .setCookie].first { $0.hasPrefix("photolala_share_unlock=") })
            #expect(cookie.contains("Path=/photos/share/\(token);") || cookie.hasSuffix("Path=/photos/share/\(token)"))
            #expect(opened.headers[.location] == "/photos/share/\(token)")
        }
    }
}
