import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct CurationRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        return f
    }

    @Test func photoPageCarriesEveryCurationForm() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let response = try await client.execute(uri: "/photos/trip/a.jpg", method: .get)
            let html = response.text
            #expect(response.headers[values: .setCookie].contains { $0.contains("photolala_csrf=") && $0.contains("SameSite=Strict") && $0.contains("HttpOnly") })
            for action in ["favorite", "rate", "tag"] {
                #expect(html.contains("method=\"post\" action=\"/actions/\(action)\" data-action=\"\(action)\""), "\(action)")
            }
            #expect(html.contains("name=\"csrf\" value=\""))
            #expect(html.contains("href=\"/delete?key=trip%2Fa.jpg\""))
        }
    }

    @Test func favoriteRateAndTagRoundTrip() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            let back = "/photos/trip/a.jpg"
            // when
            let fav = try await form.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on"), ("back", back)])
            let again = try await form.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on"), ("back", back)])
            let rate = try await form.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "5"), ("back", back)])
            let tag = try await form.post("/actions/tag", [("key", "trip/a.jpg"), ("tags", " Beach ,  summer  fun, beach"), ("back", back)])
            // then
            for response in [fav, again, rate, tag] {
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == back)
            }
            let html = try await client.execute(uri: back, method: .get).text
            #expect(html.contains("♥ Favorite"))
            #expect(html.contains("5 of 5 stars"))
            #expect(html.contains(">Beach</a>") && html.contains(">summer fun</a>"))
            #expect(try await client.execute(uri: "/favorites", method: .get).text.contains("/photos/trip/a.jpg?in=favorites"))
            #expect(try await client.execute(uri: "/top-rated", method: .get).text.contains("/photos/trip/a.jpg?in=top-rated"))
            let tags = try await client.execute(uri: "/tags", method: .get).text
            #expect(tags.contains("href=\"/tags/Beach\"") && tags.contains("href=\"/tags/summer%20fun\""))
            #expect(try await client.execute(uri: "/tags/summer%20fun", method: .get).text.contains("trip/a.jpg"))
            // and untag / unfavorite / clear undo them
            _ = try await form.post("/actions/untag", [("key", "trip/a.jpg"), ("tag", "Beach"), ("back", back)])
            _ = try await form.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "off"), ("back", back)])
            _ = try await form.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "0"), ("back", back)])
            let after = try await client.execute(uri: back, method: .get).text
            #expect(!after.contains(">Beach</a>") && after.contains("♡ Add to favorites") && after.contains("Not rated"))
            #expect(try await client.execute(uri: "/tags/Beach", method: .get).status == .notFound)
        }
    }

    @Test func badInputGetsClearStatuses() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            let cases: [(String, [(String, String)], HTTPResponse.Status, String)] = [
                ("/actions/rate", [("key", "trip/a.jpg"), ("rating", "6")], .badRequest, "not a rating"),
                ("/actions/rate", [("key", "trip/a.jpg"), ("rating", "-1")], .badRequest, "not a rating"),
                ("/actions/rate", [("key", "trip/a.jpg"), ("rating", "lots")], .badRequest, "not a rating"),
                ("/actions/tag", [("key", "trip/a.jpg"), ("tags", " , ")], .badRequest, "Type a tag"),
                ("/actions/tag", [("key", "trip/a.jpg"), ("tags", String(repeating: "x", count: 200))], .badRequest, "at most 100"),
                ("/actions/favorite", [("key", "trip/nope.jpg"), ("value", "on")], .notFound, "not in the library"),
                ("/actions/favorite", [("key", "../etc/passwd"), ("value", "on")], .notFound, "not in the library"),
                ("/actions/favorite", [("key", "trip/a.jpg"), ("value", "maybe")], .badRequest, "on or off"),
                ("/actions/rate", [("key", "trip/a.jpg")], .badRequest, "missing"),
            ]
            for (uri, fields, status, words) in cases {
                let response = try await form.post(uri, fields)
                #expect(response.status == status, "\(uri) \(fields)")
                #expect(response.text.contains(words), "\(uri) \(fields)")
            }
            let html = try await client.execute(uri: "/photos/trip/a.jpg", method: .get).text
            #expect(html.contains("Not rated") && !html.contains("class=\"tag\""))  // nothing was changed
        }
    }

    @Test func forgedRequestsAreRefused() async throws {
        let f = try await fixture()
        try await f.addAccount("ada", role: .admin)
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            let admin = try await FormPoster.signIn(client, "ada")
            let fields = [("key", "trip/a.jpg"), ("value", "on")]
            #expect(try await form.post("/actions/favorite", fields, cookie: false).status == .forbidden)
            #expect(try await form.post("/actions/favorite", fields, csrf: String(repeating: "0", count: 64)).status == .forbidden)
            #expect(try await form.post("/actions/favorite", fields, csrf: "").status == .forbidden)
            let crossSite = try await form.post("/actions/favorite", fields, headers: [.origin: "https://evil.example"])
            #expect(crossSite.status == .forbidden)
            for action in SiteURL.Action.allCases {
                #expect(try await admin.get(action.url.path).status == .methodNotAllowed, "\(action)")
            }
            #expect(try await admin.get(SiteURL.logout.path).status == .methodNotAllowed)
            #expect(!(try await client.execute(uri: "/favorites", method: .get).text.contains("trip/a.jpg")))
        }
    }

    @Test func curationSurvivesAMoveAndRescan() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            _ = try await form.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "4")])
            _ = try await form.post("/actions/tag", [("key", "trip/a.jpg"), ("tags", "keeper")])
            _ = try await form.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on")])
        }
        try FileManager.default.createDirectory(atPath: f.library + "/moved", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: f.library + "/trip/a.jpg", toPath: f.library + "/moved/renamed.jpg")
        try await f.scan()
        try await f.withClient { client in
            #expect(try await client.execute(uri: "/photos/trip/a.jpg", method: .get).status == .notFound)
            let html = try await client.execute(uri: "/photos/moved/renamed.jpg", method: .get).text
            #expect(html.contains("4 of 5 stars") && html.contains(">keeper</a>") && html.contains("♥ Favorite"))
        }
    }

    @Test func deleteToTrashThenRestoreKeepsCuration() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            _ = try await form.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "3")])
            _ = try await form.post("/actions/tag", [("key", "trip/a.jpg"), ("tags", "kept")])
            // the confirmation step
            let confirm = try await client.execute(uri: "/delete?key=trip%2Fa.jpg", method: .get)
            #expect(confirm.status == .ok && confirm.text.contains("data-action=\"delete\""))
            // when
            let deleted = try await form.post("/actions/delete", [("key", "trip/a.jpg")])
            let twice = try await form.post("/actions/delete", [("key", "trip/a.jpg")])
            // then
            #expect(deleted.status == .seeOther && deleted.headers[.location] == "/folders/trip")
            #expect(twice.status == .conflict && twice.text.contains("already in the trash"))
            #expect(!FileManager.default.fileExists(atPath: f.library + "/trip/a.jpg"))
            #expect(try await client.execute(uri: "/photos/trip/a.jpg", method: .get).status == .notFound)
            let trash = try await client.execute(uri: "/trash", method: .get).text
            #expect(trash.contains("trip/a.jpg") && trash.contains("data-action=\"restore\""))
            // a member sees the entry but not its picture: a trashed photo's renditions are the admins'
            #expect(!trash.contains("/thumbs/256/"))
        }
        // a rescan does not resurrect it
        try await f.scan()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            #expect(try await client.execute(uri: "/photos/trip/a.jpg", method: .get).status == .notFound)
            let trash = try await client.execute(uri: "/trash", method: .get).text
            let idRange = try #require(trash.range(of: "name=\"id\" value=\""))
            let id = String(trash[idRange.upperBound...].prefix { $0.isNumber })
            // restoring onto a path that is taken again is refused, and nothing is lost
            try f.addJPEG("trip/a.jpg", seed: 77)
            let taken = try await form.post("/actions/restore", [("id", id)])
            #expect(taken.status == .conflict && taken.text.contains("another file now lives at that path"))
            try FileManager.default.removeItem(atPath: f.library + "/trip/a.jpg")
            // when restored
            let restored = try await form.post("/actions/restore", [("id", id)])
            #expect(restored.status == .seeOther)
            let html = try await client.execute(uri: "/photos/trip/a.jpg", method: .get).text
            #expect(html.contains("3 of 5 stars") && html.contains(">kept</a>"))
            #expect(try await form.post("/actions/restore", [("id", id)]).status == .notFound)
        }
    }

    @Test func emptyTrashIsTheOnlyWayBytesAreDestroyed() async throws {
        let f = try await fixture()
        try await f.addAccount("ada", role: .admin)
        try await f.withClient { client in
            let form = try await FormPoster.signIn(client, "ada")
            _ = try await form.post("/actions/delete", [("key", "trip/b.jpg")])
            let trashFiles = try FileManager.default.subpathsOfDirectory(atPath: f.data + "/trash").filter { $0.hasSuffix("b.jpg") }
            #expect(trashFiles.count == 1)
            #expect(try await form.get("/trash/empty").text.contains("data-action=\"empty-trash\""))
            let emptied = try await form.post("/actions/empty-trash", [])
            #expect(emptied.status == .seeOther)
            #expect(try FileManager.default.subpathsOfDirectory(atPath: f.data + "/trash").isEmpty)
            #expect(try await client.execute(uri: "/trash", method: .get).text.contains("The trash is empty"))
        }
    }
}

@Suite struct TileFavoriteTests {
    @Test func favoritingFromAGroupPageLandsBackOnTheTile() async throws {
        // given a folder with three pages of one photo
        let f = try GalleryFixture()
        for i in 1...3 { try f.addJPEG("t/\(i).jpg", seed: i, exif: ["-DateTimeOriginal=2024:01:0\(i) 10:00:00"]) }
        try await f.scan()
        try await f.withClient(pageSize: 1) { client in
            let form = try await FormPoster.start(client)
            let page = try await client.execute(uri: "/folders/t?page=2", method: .get).text
            #expect(page.contains("data-action=\"favorite\" class=\"tilefav\""))
            let tile = try #require(page.range(of: "data-action=\"favorite\" class=\"tilefav\""))
            let backRange = try #require(page.range(of: "name=\"back\" value=\"", range: tile.upperBound..<page.endIndex))
            let back = String(page[backRange.upperBound...].prefix { $0 != "\"" })
            #expect(back.hasPrefix("/folders/t?page=2#p"))
            // when
            let response = try await form.post("/actions/favorite", [("key", "t/2.jpg"), ("value", "on"), ("back", back)])
            // then
            #expect(response.status == .seeOther && response.headers[.location] == back)
            let after = try await client.execute(uri: "/folders/t?page=2", method: .get).text
            #expect(after.contains("aria-pressed=\"true\""))
            // and a foreign return address is never followed
            let evil = try await form.post("/actions/favorite", [("key", "t/2.jpg"), ("value", "off"), ("back", "//evil.example/x")])
            #expect(evil.headers[.location] == "/photos/t/2.jpg")
        }
    }
}
