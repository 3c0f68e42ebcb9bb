import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct ShareUploadRouteTests {
    /// A library with two photos in an album and one outside it; max is a member.
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try f.addJPEG("home/c.jpg", seed: 3)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        return f
    }

    /// Makes the album "Party" of trip/a and trip/b and a link to it; returns the link's token.
    private func share(_ max: FormPoster, uploads: Bool) async throws -> String {
        for key in ["trip/a.jpg", "trip/b.jpg"] { _ = try await max.post("/actions/album-add", [("key", key), ("album", "Party")]) }
        let made = try await max.post("/actions/share", [("kind", "album"), ("value", "1"), ("filter", ""), ("expires", "0")]
                                      + (uploads ? [("uploads", "1")] : []))
        #expect(made.status == .seeOther)
        let list = try await max.keeping("photolala_new_share", from: made).get("/shared?new=1").text
        return try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
    }

    @Test func aLinkHolderAddsPhotosToTheSharedAlbumWithoutAnAccount() async throws {
        let f = try await fixture()
        let fresh = Data(try TestImages.jpeg(seed: 9, exif: ["-DateTimeOriginal=2024:08:01 12:00:00"]))
        let known = try #require(try await f.bytes("home/c.jpg"))
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let token = try await share(max, uploads: true)
            #expect(try await max.get("/albums/1").text.contains("Let people with the link add photos (up to 200)"))
            #expect(!(try await max.get("/folders/trip").text.contains("Let people with the link add photos")), "albums only")
            #expect(try await max.get("/shared").text.contains("takes photos (200 more)"))
            // the link's page offers the form to someone with no account
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            let page = try await friend.get("/share/\(token)").text
            #expect(page.contains("data-action=\"share-upload\"") && page.contains("action=\"/share/\(token)/upload\""))
            #expect(!page.contains("<span>View:</span>"), "a link's page has one layout, and no empty row of choices")
            let csrf = try #require(FormPoster.formToken(in: page))
            // when they add a new photo and one the library already has
            let sent = try await friend.upload([("party.jpg", fresh), ("mine.jpg", known)], csrf: csrf, to: "/share/\(token)/upload")
            #expect(sent.status == .ok)
            #expect(sent.text.contains("1 photo added, 1 skipped"))
            #expect(!sent.text.contains("already in the library as"), "the household's other photos are not named to the link's holder")
            #expect(sent.text.contains("href=\"/share/\(token)/photos/"))
            // then the new one is in the album, filed in the link's own folder; the household's
            // photo sent back through the link added nothing of the household's
            #expect(try await f.exists("Link uploads/1/party.jpg"))
            #expect(try await !f.exists("Uploads/2024/08/party.jpg"))
            #expect(try await max.get("/albums/1").text.contains("3 photos"))
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).text.contains("3 photos"))
            // and the household sees which came through the link, and how many more it takes
            let arrange = try await max.get("/albums/1?arrange=1").text
            #expect(arrange.matches(of: #/added through the share link/#).count == 1)
            #expect(try await max.get("/shared").text.contains("takes photos (199 more)"))
        }
    }

    @Test func whatAFileSentThroughALinkSaysOfItselfCuratesNothingOfTheHouseholds() async throws {
        // given a household whose tag "family" holds one photo, and a photo that carries the
        // keyword "family" and five stars in its own XMP and IPTC
        let f = try await fixture()
        let carrying = Data(try TestImages.jpeg(seed: 21, exif: ["-XMP-dc:Subject=family", "-IPTC:Keywords=family", "-XMP-xmp:Rating=5"]))
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.post("/actions/tag", [("key", "home/c.jpg"), ("tags", "family")]).status == .seeOther)
            let token = try await share(max, uploads: true)
            // when someone with the album's link sends it
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            let sent = try await friend.upload([("carrying.jpg", carrying)], csrf: friend.token, to: "/share/\(token)/upload")
            #expect(sent.status == .ok)
            #expect(try await f.exists("Link uploads/1/carrying.jpg"))
            // then the album holds it, but the household's tag and Top rated do not, and a rescan
            // (which reads the file again) keeps it so
            #expect(try await max.get("/albums/1").text.contains("3 photos"))
            for _ in 0..<2 {
                let family = try await max.get("/tags/family").text
                #expect(family.contains("home/c.jpg") && !family.contains("carrying.jpg"))
                #expect(!(try await max.get("/top-rated").text.contains("carrying.jpg")))
                try await f.scan()
            }
        }
    }

    @Test func onlyAnAlbumsLinkMadeToTakePhotosTakesThemAndOnlyAsManyAsItMay() async throws {
        let f = try await fixture()
        let photos = try (10...12).map { Data(try TestImages.jpeg(seed: $0)) }
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // a folder's link cannot take photos
            #expect(try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("expires", "0"), ("uploads", "1")]).status
                    == .badRequest)
            // an album's link made without it refuses them, and shows no form
            let plain = try await share(max, uploads: false)
            let friend = try await FormPoster.start(client, page: "/share/\(plain)")
            let page = try await friend.get("/share/\(plain)").text
            #expect(!page.contains("share-upload"))
            let csrf = friend.token
            #expect(try await friend.upload([("x.jpg", photos[0])], csrf: csrf, to: "/share/\(plain)/upload").status == .notFound)
            #expect(try await !f.exists("Uploads"), "nothing stored")
            // a link that may take one more refuses a batch of two whole
            let store = try CatalogStore.open(dataFolder: f.data)
            let link = try #require(try await store.share(token: plain))
            try await store.setShareUploads(id: link.id, count: 1)
            let two = try await friend.upload([("x.jpg", photos[0]), ("y.jpg", photos[1])], csrf: csrf, to: "/share/\(plain)/upload")
            #expect(two.status == .contentTooLarge)
            let one = try await friend.upload([("x.jpg", photos[0])], csrf: csrf, to: "/share/\(plain)/upload")
            #expect(one.status == .ok)
            #expect(one.text.contains("This link takes no more photos."))
            #expect(try await friend.upload([("z.jpg", photos[2])], csrf: csrf, to: "/share/\(plain)/upload").status == .notFound)
            // a form without the page's token is refused
            try await store.setShareUploads(id: link.id, count: 5)
            #expect(try await friend.upload([("z.jpg", photos[2])], csrf: "forged", to: "/share/\(plain)/upload").status == .forbidden)
            // and a revoked link takes nothing
            _ = try await max.post("/actions/unshare", [("id", String(link.id))])
            #expect(try await friend.upload([("z.jpg", photos[2])], csrf: csrf, to: "/share/\(plain)/upload").status == .notFound)
        }
    }

    @Test func aLinksHolderDownloadsAllItsPhotosAsOneZipAndNothingElse() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let token = try await share(max, uploads: false)
            let page = try await client.execute(uri: "/share/\(token)", method: .get).text
            #expect(page.contains("<a class=\"button quiet\" href=\"/share/\(token)/zip\" download>⤓ Download all (zip)</a>"))
            let zip = try await client.execute(uri: "/share/\(token)/zip", method: .get)
            #expect(zip.status == .ok)
            #expect(zip.headers[.contentType] == "application/zip")
            #expect(zip.headers[.contentDisposition]?.contains("Party.zip") == true)
            let folder = URL(fileURLWithPath: f.root).appendingPathComponent("zip-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("party.zip").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(buffer: zip.body))
            try GalleryFixture.run("unzip", ["-q", "-t", path])
            try GalleryFixture.run("unzip", ["-q", path, "-d", folder.appendingPathComponent("out").path])
            let names = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("out").path).filter { $0.hasSuffix(".jpg") }
            #expect(names.map { ($0 as NSString).lastPathComponent }.sorted() == ["a.jpg", "b.jpg"], "the album's two, not home/c.jpg")
            // a password-protected link gives its zip only once unlocked
            let store = try CatalogStore.open(dataFolder: f.data)
            let link = try #require(try await store.share(token: token))
            try await store.setSharePassword(id: link.id, passwordHash: "$2b$04$notarealhashnotarealhashnotarealhashnotarealhashnot")
            #expect(try await client.execute(uri: "/share/\(token)/zip", method: .get).status == .forbidden)
            _ = try await max.post("/actions/unshare", [("id", String(link.id))])
            #expect(try await client.execute(uri: "/share/\(token)/zip", method: .get).status == .notFound)
        }
    }
}
