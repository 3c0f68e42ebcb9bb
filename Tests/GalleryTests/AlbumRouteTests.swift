import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery
import Catalog

@Suite struct AlbumRouteTests {
    /// `count` photos in `trip`, and accounts of every role.
    private func fixture(_ count: Int = 6) async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        let base = try TestImages.jpeg(seed: 5, size: "40x30")
        for i in 1...count { try f.addBytes(String(format: "trip/IMG_%03d.jpg", i), base + Array("photo \(i)".utf8)) }
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        return f
    }

    private func names(_ html: String) -> [String] {
        html.components(separatedBy: "<li id=\"p").dropFirst().compactMap { chunk in
            guard let r = chunk.range(of: "title=\"") else { return nil }
            return String(chunk[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    private func flash(_ poster: FormPoster, _ response: TestResponse, at page: String) async throws -> String {
        let html = try await poster.keeping("photolala_flash", from: response).get(page).text
        guard let r = html.range(of: "<p class=\"flash\" role=\"status\">") else { return "" }
        return String(html[r.upperBound...].prefix { $0 != "<" })
    }

    @Test func anAlbumIsMadeFilledFromASelectionAndThePhotoPageArrangedAndShared() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when photos are added from a selection to an album that does not exist yet
            let made = try await max.post("/actions/select", [("group", "folder:trip"), ("sort", "name"), ("order", "desc"), ("all", "1"),
                                                              ("do", "album-add"), ("album", "Lisbon"), ("back", "/folders/trip")])
            #expect(try await flash(max, made, at: "/folders/trip") == "Made the album “Lisbon”. Added 6 photos to “Lisbon”.")
            // then it is listed, made by its maker, in the order they were added (here, Z to A)
            let list = try await max.get("/albums").text
            #expect(list.contains("<strong>Lisbon</strong><small>6 photos</small><small>by max</small>"))
            let page = try await max.get("/albums/1").text
            #expect(names(page) == (1...6).reversed().map { String(format: "IMG_%03d.jpg", $0) })
            #expect(page.contains("<strong aria-current=\"true\">Album order</strong>"))
            #expect(page.contains("Made by max on "))
            #expect(page.contains("href=\"/albums/1?arrange=1\">Arrange…</a>"))

            // when the last photo is moved to the top and another up, from the arranging page
            let arrange = try await max.get("/albums/1?arrange=1").text
            #expect(arrange.contains("data-action=\"album-move\""))
            _ = try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_001.jpg"), ("move", "top")])
            let moved = try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_004.jpg"), ("move", "up"),
                                                                   ("back", "/albums/1?arrange=1#p4")])
            #expect(moved.headers[.location] == "/albums/1?arrange=1#p4")
            #expect(names(try await max.get("/albums/1").text)
                    == ["IMG_001.jpg", "IMG_006.jpg", "IMG_004.jpg", "IMG_005.jpg", "IMG_003.jpg", "IMG_002.jpg"])
            // a drag (the arranging page's script) places a photo after or before another
            #expect(arrange.contains("<ol class=\"arrange\" data-first=\"1\" data-more=\"\" data-drag=\"Drag to move\""))
            #expect(arrange.contains("data-key=\"trip/IMG_003.jpg\"") && arrange.contains("<script src=\"/static/arrange.js\" defer></script>"))
            _ = try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_002.jpg"), ("move", "after"), ("other", "trip/IMG_001.jpg")])
            _ = try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_006.jpg"), ("move", "before"), ("other", "trip/IMG_003.jpg")])
            #expect(names(try await max.get("/albums/1").text)
                    == ["IMG_001.jpg", "IMG_002.jpg", "IMG_004.jpg", "IMG_005.jpg", "IMG_006.jpg", "IMG_003.jpg"])
            #expect(try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_002.jpg"), ("move", "after")]).status == .badRequest)
            #expect(try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_002.jpg"), ("move", "after"),
                                                               ("other", "trip/none.jpg")]).status == .notFound)
            #expect(try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_002.jpg"), ("move", "sideways")]).status == .badRequest)
            // put back as it was for what follows
            _ = try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_006.jpg"), ("move", "after"), ("other", "trip/IMG_001.jpg")])
            _ = try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_002.jpg"), ("move", "after"), ("other", "trip/IMG_003.jpg")])
            #expect(names(try await max.get("/albums/1").text)
                    == ["IMG_001.jpg", "IMG_006.jpg", "IMG_004.jpg", "IMG_005.jpg", "IMG_003.jpg", "IMG_002.jpg"])
            // and from a photo's page: into a second album by a new name, then out of the first
            let added = try await max.post("/actions/album-add", [("key", "trip/IMG_002.jpg"), ("album", "Keepers"),
                                                                  ("back", "/photos/trip/IMG_002.jpg")])
            #expect(try await flash(max, added, at: "/photos/trip/IMG_002.jpg") == "Made the album “Keepers” with this photo.")
            let photo = try await max.get("/photos/trip/IMG_002.jpg").text
            #expect(photo.contains("<a href=\"/albums/2\">▣ Keepers</a>") && photo.contains("<a href=\"/albums/1\">▣ Lisbon</a>"))
            #expect(photo.contains("<option value=\"Keepers\"><option value=\"Lisbon\">"))
            _ = try await max.post("/actions/album-remove", [("album", "1"), ("key", "trip/IMG_002.jpg")])
            #expect(try await max.get("/albums/1").text.contains("5 photos"))
            #expect(try await f.exists("trip/IMG_002.jpg"), "taking a photo out of an album keeps it in the library")
            // and a cover chosen on the arranging page heads the list's card
            _ = try await max.post("/actions/album-cover", [("album", "1"), ("key", "trip/IMG_005.jpg")])
            let store = try CatalogStore.open(dataFolder: f.data)
            let coverSha = try #require(try await store.photo(key: "trip/IMG_005.jpg")?.card.sha256)
            #expect(try await max.get("/albums").text.contains(coverSha))

            // when the album is shared, a link holder sees its photos in its order and nothing else
            let shared = try await max.post("/actions/share", [("kind", "album"), ("value", "1"), ("filter", ""), ("expires", "7")])
            #expect(shared.status == .seeOther)
            let list2 = try await max.keeping("photolala_new_share", from: shared).get("/shared?new=1").text
            let token = try #require(list2.firstMatch(of: #/share/([A-Za-z0-9_-]{22,})/#).map { String($0.output.1) })
            let outside = try await client.execute(uri: "/share/\(token)", method: .get).text
            #expect(outside.contains("<h1>Lisbon</h1>"))
            #expect(names(outside) == ["IMG_001.jpg", "IMG_006.jpg", "IMG_004.jpg", "IMG_005.jpg", "IMG_003.jpg"])
            #expect(!outside.contains("Arrange…"))
        }
    }

    @Test func editingDeletingAndWhoMay() async throws {
        let f = try await fixture(2)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let vic = try await FormPoster.signIn(client, "vic")
            _ = try await max.post("/actions/album-create", [("name", "Trip"), ("description", "Our week")])
            #expect(try await vic.post("/actions/album-create", [("name", "Mine")]).status == .forbidden)
            #expect(try await vic.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "album-add"), ("album", "Trip")]).status == .forbidden)
            #expect(try await vic.get("/albums/1?arrange=1").status == .forbidden)
            let viewerPage = try await vic.get("/albums/1").text
            #expect(viewerPage.contains("Our week") && !viewerPage.contains("Arrange…") && !viewerPage.contains("album-update"))

            #expect(try await max.post("/actions/album-create", [("name", "trip")]).status == .conflict)
            #expect(try await max.post("/actions/album-create", [("name", "   ")]).status == .badRequest)
            #expect(try await max.post("/actions/album-update", [("album", "9"), ("name", "x")]).status == .notFound)
            #expect(try await max.get("/albums/9").status == .notFound)
            #expect(try await max.get("/albums/abc").status == .notFound)
            #expect(try await max.get("/folders/trip?sort=album").status == .badRequest)
            #expect(try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_001.jpg"), ("move", "up")]).status == .notFound)
            #expect(try await max.post("/actions/album-move", [("album", "1"), ("key", "trip/IMG_001.jpg"), ("move", "sideways")]).status == .badRequest)
            #expect(try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "album-remove")]).status == .badRequest)

            let saved = try await max.post("/actions/album-update", [("album", "1"), ("name", "Trip 2024"), ("description", "A week")])
            #expect(try await flash(max, saved, at: "/albums/1") == "Saved the album.")
            #expect(try await max.post("/actions/album-delete", [("album", "1")]).status == .badRequest, "needs the confirmation box")
            let gone = try await max.post("/actions/album-delete", [("album", "1"), ("confirm", "1")])
            #expect(gone.headers[.location] == "/albums")
            #expect(try await flash(max, gone, at: "/albums") == "Deleted the album “Trip 2024”; its photos stay in the library.")
            #expect(try await max.get("/folders/trip").text.contains("2 photos"))
        }
    }

    @Test func anAlbumOf50SurvivesItsFolderMovingAndItsZipHoldsThe50Originals() async throws {
        let f = try await fixture(50)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            _ = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "album-add"), ("album", "Fifty")])
            #expect(try await max.get("/albums/1").text.contains("50 photos"))
        }
        // when the folder moves on disk and the library is scanned again
        try FileManager.default.createDirectory(atPath: f.library + "/2024", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: f.library + "/trip", toPath: f.library + "/2024/trip")
        try await f.scan()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // then the album still holds the 50, at their new place
            let page = try await max.get("/albums/1").text
            #expect(page.contains("50 photos"))
            #expect(try await max.get("/photos/2024/trip/IMG_001.jpg").text.contains("▣ Fifty"))
            // and its zip, from select mode's "all", holds the 50 originals byte for byte
            let zip = try await max.post("/actions/select", [("group", "album:1"), ("all", "1"), ("do", "zip")])
            #expect(zip.status == .ok)
            #expect(zip.headers[.contentDisposition] == "attachment; filename=\"Fifty.zip\"; filename*=UTF-8''Fifty.zip")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("album-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("Fifty.zip").path
            try Data(buffer: zip.body).write(to: URL(fileURLWithPath: path))
            try GalleryFixture.run("unzip", ["-q", "-t", path])
            try GalleryFixture.run("unzip", ["-q", path, "-d", folder.appendingPathComponent("out").path])
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            #expect(files.count == 50)
            let one = try Data(contentsOf: folder.appendingPathComponent("out/IMG_017.jpg"))
            #expect(one == (try await f.bytes("2024/trip/IMG_017.jpg")))
        }
    }
}
