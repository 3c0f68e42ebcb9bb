import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import Logging
import TestSupport
import Testing

/// Walks every route as someone not signed in, a viewer, a member and an admin, and checks
/// the server lets each through or refuses it by role, whatever the page shows.
@Suite struct AccessMatrixTests {
    /// One route: a sample request and the least role it needs (nil: open to anyone).
    struct Route {
        var method: HTTPRequest.Method
        var pattern: String
        var uri: String
        var needs: Role?
        var fields: [(String, String)] = []
    }

    static let photoSha = "SHA"  // replaced with a real hash at run time

    static let routes: [Route] = [
        Route(method: .get, pattern: "/", uri: "/", needs: .viewer),
        Route(method: .get, pattern: "/folders", uri: "/folders", needs: .viewer),
        Route(method: .get, pattern: "/folders/**", uri: "/folders/trip", needs: .viewer),
        Route(method: .get, pattern: "/scan", uri: "/scan", needs: .viewer),
        Route(method: .get, pattern: "/photos/**", uri: "/photos/trip/a.jpg", needs: .viewer),
        Route(method: .get, pattern: "/originals/**", uri: "/originals/trip/a.jpg", needs: .viewer),
        Route(method: .get, pattern: "/motion/**", uri: "/motion/trip/a.jpg", needs: .viewer),
        Route(method: .get, pattern: "/thumbs/:size/:file", uri: "/thumbs/256/SHA.jpg", needs: .viewer),
        Route(method: .get, pattern: "/play/**", uri: "/play/trip/a.jpg", needs: .viewer),
        Route(method: .get, pattern: "/playable/:file", uri: "/playable/SHA.mp4", needs: .viewer),
        Route(method: .get, pattern: "/favorites", uri: "/favorites", needs: .viewer),
        Route(method: .get, pattern: "/top-rated", uri: "/top-rated", needs: .viewer),
        Route(method: .get, pattern: "/recent", uri: "/recent", needs: .viewer),
        Route(method: .get, pattern: "/duplicates", uri: "/duplicates", needs: .viewer),
        Route(method: .get, pattern: "/similar", uri: "/similar", needs: .viewer),
        Route(method: .get, pattern: "/tags", uri: "/tags", needs: .viewer),
        Route(method: .get, pattern: "/tags/:name", uri: "/tags/sea", needs: .viewer),
        Route(method: .get, pattern: "/search", uri: "/search?q=a", needs: .viewer),
        Route(method: .get, pattern: "/account", uri: "/account", needs: .viewer),
        Route(method: .post, pattern: "/actions/password", uri: "/actions/password", needs: .viewer),
        Route(method: .get, pattern: "/actions/password", uri: "/actions/password", needs: .viewer),
        Route(method: .post, pattern: "/actions/language", uri: "/actions/language", needs: .viewer),
        Route(method: .get, pattern: "/actions/language", uri: "/actions/language", needs: .viewer),
        Route(method: .post, pattern: "/actions/device-add", uri: "/actions/device-add", needs: .viewer),
        Route(method: .get, pattern: "/actions/device-add", uri: "/actions/device-add", needs: .viewer),
        Route(method: .post, pattern: "/actions/device-revoke", uri: "/actions/device-revoke", needs: .viewer),
        Route(method: .get, pattern: "/actions/device-revoke", uri: "/actions/device-revoke", needs: .viewer),
        Route(method: .post, pattern: "/actions/token-add", uri: "/actions/token-add", needs: .viewer),
        Route(method: .get, pattern: "/actions/token-add", uri: "/actions/token-add", needs: .viewer),
        Route(method: .post, pattern: "/actions/token-revoke", uri: "/actions/token-revoke", needs: .viewer),
        Route(method: .get, pattern: "/actions/token-revoke", uri: "/actions/token-revoke", needs: .viewer),
        Route(method: .post, pattern: "/actions/favorite", uri: "/actions/favorite", needs: .viewer),
        Route(method: .get, pattern: "/actions/favorite", uri: "/actions/favorite", needs: .viewer),
        Route(method: .post, pattern: "/actions/select", uri: "/actions/select", needs: .viewer),
        Route(method: .get, pattern: "/actions/select", uri: "/actions/select", needs: .viewer),
        Route(method: .get, pattern: "/albums", uri: "/albums", needs: .viewer),
        Route(method: .get, pattern: "/timeline", uri: "/timeline", needs: .viewer),
        Route(method: .get, pattern: "/timeline/months", uri: "/timeline/months", needs: .viewer),
        Route(method: .get, pattern: "/library", uri: "/library", needs: .viewer),
        Route(method: .get, pattern: "/places", uri: "/places", needs: .viewer),
        Route(method: .post, pattern: "/view", uri: "/view", needs: .viewer),
        Route(method: .get, pattern: "/view", uri: "/view?set=list&back=/", needs: .viewer),
        Route(method: .get, pattern: "/slideshow/**", uri: "/slideshow/trip/a.jpg", needs: .viewer),
        Route(method: .get, pattern: "/albums/:id", uri: "/albums/1", needs: .viewer),
        Route(method: .post, pattern: "/actions/album-create", uri: "/actions/album-create", needs: .member),
        Route(method: .get, pattern: "/actions/album-create", uri: "/actions/album-create", needs: .member),
        Route(method: .post, pattern: "/actions/album-update", uri: "/actions/album-update", needs: .member),
        Route(method: .get, pattern: "/actions/album-update", uri: "/actions/album-update", needs: .member),
        Route(method: .post, pattern: "/actions/album-delete", uri: "/actions/album-delete", needs: .member),
        Route(method: .get, pattern: "/actions/album-delete", uri: "/actions/album-delete", needs: .member),
        Route(method: .post, pattern: "/actions/album-add", uri: "/actions/album-add", needs: .member),
        Route(method: .get, pattern: "/actions/album-add", uri: "/actions/album-add", needs: .member),
        Route(method: .post, pattern: "/actions/album-remove", uri: "/actions/album-remove", needs: .member),
        Route(method: .get, pattern: "/actions/album-remove", uri: "/actions/album-remove", needs: .member),
        Route(method: .post, pattern: "/actions/album-move", uri: "/actions/album-move", needs: .member),
        Route(method: .get, pattern: "/actions/album-move", uri: "/actions/album-move", needs: .member),
        Route(method: .post, pattern: "/actions/album-cover", uri: "/actions/album-cover", needs: .member),
        Route(method: .get, pattern: "/actions/album-cover", uri: "/actions/album-cover", needs: .member),
        Route(method: .post, pattern: "/actions/rate", uri: "/actions/rate", needs: .member),
        Route(method: .get, pattern: "/actions/rate", uri: "/actions/rate", needs: .member),
        Route(method: .post, pattern: "/actions/tag", uri: "/actions/tag", needs: .member),
        Route(method: .get, pattern: "/actions/tag", uri: "/actions/tag", needs: .member),
        Route(method: .post, pattern: "/actions/private", uri: "/actions/private", needs: .member),
        Route(method: .get, pattern: "/actions/private", uri: "/actions/private", needs: .member),
        Route(method: .post, pattern: "/actions/private-folder", uri: "/actions/private-folder", needs: .member),
        Route(method: .get, pattern: "/actions/private-folder", uri: "/actions/private-folder", needs: .member),
        Route(method: .post, pattern: "/actions/private-album", uri: "/actions/private-album", needs: .member),
        Route(method: .get, pattern: "/actions/private-album", uri: "/actions/private-album", needs: .member),
        Route(method: .post, pattern: "/actions/caption", uri: "/actions/caption", needs: .member),
        Route(method: .get, pattern: "/actions/caption", uri: "/actions/caption", needs: .member),
        Route(method: .post, pattern: "/actions/rotate", uri: "/actions/rotate", needs: .member),
        Route(method: .post, pattern: "/actions/undo", uri: "/actions/undo", needs: .viewer),
        Route(method: .get, pattern: "/actions/undo", uri: "/actions/undo", needs: .viewer),
        Route(method: .get, pattern: "/actions/rotate", uri: "/actions/rotate", needs: .member),
        Route(method: .post, pattern: "/actions/untag", uri: "/actions/untag", needs: .member),
        Route(method: .get, pattern: "/actions/untag", uri: "/actions/untag", needs: .member),
        Route(method: .get, pattern: "/delete", uri: "/delete?key=trip/a.jpg", needs: .member),
        Route(method: .post, pattern: "/actions/delete", uri: "/actions/delete", needs: .member),
        Route(method: .get, pattern: "/actions/delete", uri: "/actions/delete", needs: .member),
        Route(method: .get, pattern: "/trash", uri: "/trash", needs: .member),
        Route(method: .post, pattern: "/actions/restore", uri: "/actions/restore", needs: .member),
        Route(method: .get, pattern: "/actions/restore", uri: "/actions/restore", needs: .member),
        Route(method: .get, pattern: "/upload", uri: "/upload", needs: .member),
        Route(method: .post, pattern: "/upload", uri: "/upload", needs: .member),
        Route(method: .get, pattern: "/shared", uri: "/shared", needs: .member),
        Route(method: .get, pattern: "/shared/revoke", uri: "/shared/revoke?id=1", needs: .member),
        Route(method: .post, pattern: "/actions/share", uri: "/actions/share", needs: .member),
        Route(method: .get, pattern: "/actions/share", uri: "/actions/share", needs: .member),
        Route(method: .post, pattern: "/actions/unshare", uri: "/actions/unshare", needs: .member),
        Route(method: .get, pattern: "/actions/unshare", uri: "/actions/unshare", needs: .member),
        Route(method: .get, pattern: "/trash/empty", uri: "/trash/empty", needs: .admin),
        Route(method: .post, pattern: "/actions/empty-trash", uri: "/actions/empty-trash", needs: .admin),
        Route(method: .get, pattern: "/actions/empty-trash", uri: "/actions/empty-trash", needs: .admin),
        Route(method: .get, pattern: "/users", uri: "/users", needs: .admin),
        Route(method: .post, pattern: "/actions/user-add", uri: "/actions/user-add", needs: .admin),
        Route(method: .get, pattern: "/actions/user-add", uri: "/actions/user-add", needs: .admin),
        Route(method: .post, pattern: "/actions/user-role", uri: "/actions/user-role", needs: .admin),
        Route(method: .get, pattern: "/actions/user-role", uri: "/actions/user-role", needs: .admin),
        Route(method: .post, pattern: "/actions/user-password", uri: "/actions/user-password", needs: .admin),
        Route(method: .get, pattern: "/actions/user-password", uri: "/actions/user-password", needs: .admin),
        Route(method: .post, pattern: "/actions/user-remove", uri: "/actions/user-remove", needs: .admin),
        Route(method: .get, pattern: "/actions/user-remove", uri: "/actions/user-remove", needs: .admin),
        Route(method: .get, pattern: "/login", uri: "/login", needs: nil),
        Route(method: .post, pattern: "/login", uri: "/login", needs: nil),
        Route(method: .post, pattern: "/logout", uri: "/logout", needs: nil),
        Route(method: .get, pattern: "/logout", uri: "/logout", needs: nil),
        Route(method: .get, pattern: "/static/:file", uri: "/static/style.css", needs: nil),
        Route(method: .get, pattern: "/healthz", uri: "/healthz", needs: nil),
        Route(method: .get, pattern: "/share/:token", uri: "/share/TOKEN", needs: nil),
        Route(method: .post, pattern: "/share/:token", uri: "/share/TOKEN", needs: nil),
        Route(method: .get, pattern: "/share/:token/photos/**", uri: "/share/TOKEN/photos/trip/a.jpg", needs: nil),
        Route(method: .get, pattern: "/share/:token/slideshow/**", uri: "/share/TOKEN/slideshow/trip/a.jpg", needs: nil),
        Route(method: .get, pattern: "/share/:token/thumbs/:size/:file", uri: "/share/TOKEN/thumbs/256/SHA.jpg", needs: nil),
        Route(method: .get, pattern: "/share/:token/originals/**", uri: "/share/TOKEN/originals/trip/a.jpg", needs: nil),
        Route(method: .get, pattern: "/share/:token/motion/**", uri: "/share/TOKEN/motion/trip/a.jpg", needs: nil),
        Route(method: .get, pattern: "/share/:token/play/**", uri: "/share/TOKEN/play/trip/a.jpg", needs: nil),
        Route(method: .get, pattern: "/share/:token/playable/:file", uri: "/share/TOKEN/playable/SHA.mp4", needs: nil),
        Route(method: .post, pattern: "/share/:token/upload", uri: "/share/TOKEN/upload", needs: nil),
        Route(method: .get, pattern: "/share/:token/zip", uri: "/share/TOKEN/zip", needs: nil),
    ]

    @Test func theTableListsEveryRoute() async throws {
        // given the real application's router
        let f = try GalleryFixture()
        let parts = try await GalleryParts(config: f.config(), logger: Logger(label: "test"))
        // then every route is in the table, and the table names no route that does not exist
        let registered = Set(parts.routeList)
        let table = Set(Self.routes.map { "\($0.method) \($0.pattern.replacing(#/:(\w+)/#) { "{\($0.output.1)}" })" })
        #expect(registered.subtracting(table).sorted() == [], "routes missing from the access table")
        #expect(table.subtracting(registered).sorted() == [], "table rows with no route")
    }

    @Test func everyRouteAdmitsExactlyTheRolesItShould() async throws {
        // given a library, one account per role, a share link, and no guest access
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        let store = try CatalogStore.open(dataFolder: f.data)
        let sha = try #require(try await store.photo(key: "trip/a.jpg")?.card.sha256)
        try await f.addAccount("vera", role: .viewer)
        try await f.addAccount("max", role: .member)
        let admin = try await f.addAccount("ada", role: .admin)
        let token = String(repeating: "A", count: 43)
        try await store.createShare(token: token, accountId: admin.id, kind: .folder, value: "trip", filter: "", expiresAt: nil, now: 0)
        try await f.withClient { client in
            let visitors: [(String, Role?, FormPoster)] = [
                ("anonymous", nil, try await FormPoster.start(client, page: "/login")),
                ("viewer", .viewer, try await FormPoster.signIn(client, "vera")),
                ("member", .member, try await FormPoster.signIn(client, "max")),
                ("admin", .admin, try await FormPoster.signIn(client, "ada")),
            ]
            for route in Self.routes {
                let uri = route.uri.replacingOccurrences(of: "SHA", with: sha).replacingOccurrences(of: "TOKEN", with: token)
                for (who, role, visitor) in visitors {
                    // when this visitor calls the route (a POST with a valid token but no fields, so it changes nothing)
                    let response = route.method == .post
                        // (share pages know no session: their forms carry the cookie's own token)
                        ? try await visitor.post(uri, [], csrf: uri.hasPrefix("/share/") ? visitor.token : nil)
                        : try await visitor.get(uri, method: route.method)
                    // then it is refused exactly when the role is too low
                    let allowed = route.needs.map { needed in role.map { $0 >= needed } ?? false } ?? true
                    if allowed {
                        #expect(response.status != .forbidden && response.status != .unauthorized, "\(who) \(route.method) \(uri)")
                        #expect(response.status.code < 500, "\(who) \(route.method) \(uri)")
                    } else {
                        #expect(response.status == .forbidden, "\(who) \(route.method) \(uri) answered \(response.status.code)")
                    }
                }
            }
        }
    }

    @Test func everyGetRouteAnswersHeadWithItsHeadersAndNoBody() async throws {
        // given a library, an admin, and a share link
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        let store = try CatalogStore.open(dataFolder: f.data)
        let sha = try #require(try await store.photo(key: "trip/a.jpg")?.card.sha256)
        let admin = try await f.addAccount("ada", role: .admin)
        let token = String(repeating: "H", count: 43)
        try await store.createShare(token: token, accountId: admin.id, kind: .folder, value: "trip", filter: "", expiresAt: nil, now: 0)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            for route in Self.routes where route.method == .get {
                let uri = route.uri.replacingOccurrences(of: "SHA", with: sha).replacingOccurrences(of: "TOKEN", with: token)
                // when each GET route is asked with HEAD
                let get = try await ada.get(uri)
                let head = try await ada.get(uri, method: .head)
                // then it answers as the GET does, without the body
                #expect(head.status == get.status, "HEAD \(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(uri)")
                #expect(head.body.readableBytes == 0, "HEAD \(uri)")
            }
        }
    }

    @Test func aShareLinkOpensItsGroupAndNothingElse() async throws {
        // given a link to the folder "trip" and a photo elsewhere
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("home/secret.jpg", seed: 9)
        try await f.scan()
        let store = try CatalogStore.open(dataFolder: f.data)
        let inside = try #require(try await store.photo(key: "trip/a.jpg")?.card.sha256)
        let outside = try #require(try await store.photo(key: "home/secret.jpg")?.card.sha256)
        let admin = try await f.addAccount("ada", role: .admin)
        let token = String(repeating: "B", count: 43)
        try await store.createShare(token: token, accountId: admin.id, kind: .folder, value: "trip", filter: "", expiresAt: nil, now: 0)
        try await f.withClient { client in
            // when someone without an account follows the link
            let page = try await client.execute(uri: "/share/\(token)", method: .get)
            // then they see the group, linking only inside the share
            #expect(page.status == .ok)
            #expect(page.text.contains("/share/\(token)/photos/trip/a.jpg"))
            #expect(page.text.contains("/share/\(token)/thumbs/240/\(inside).jpg"))
            #expect(!page.text.contains("href=\"/folders") && !page.text.contains("data-action=\"favorite\""))
            let photo = try await client.execute(uri: "/share/\(token)/photos/trip/a.jpg", method: .get)
            #expect(photo.status == .ok && !photo.text.contains("<form"))
            #expect(try await client.execute(uri: "/share/\(token)/thumbs/256/\(inside).jpg", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/share/\(token)/originals/trip/a.jpg", method: .get).status == .ok)
            // and nothing outside it: not another photo through the link, not the gallery itself
            #expect(try await client.execute(uri: "/share/\(token)/thumbs/256/\(outside).jpg", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/share/\(token)/photos/home/secret.jpg", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/share/\(token)/originals/home/secret.jpg", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/share/\(token)/photos/trip/../home/secret.jpg", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/thumbs/256/\(inside).jpg", method: .get).status == .forbidden)
            #expect(try await client.execute(uri: "/originals/trip/a.jpg", method: .get).status == .forbidden)
            #expect(try await client.execute(uri: "/photos/home/secret.jpg", method: .get).status == .forbidden)
            #expect(try await client.execute(uri: "/share/" + String(repeating: "C", count: 43), method: .get).status == .notFound)
        }
    }

    @Test func expiredAndRevokedLinksStopOpening() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        let store = try CatalogStore.open(dataFolder: f.data)
        let owner = try await f.addAccount("max", role: .member)
        let other = try await f.addAccount("mo", role: .member)
        let expired = String(repeating: "E", count: 43)
        try await store.createShare(token: expired, accountId: owner.id, kind: .folder, value: "trip", filter: "", expiresAt: 10, now: 0)
        try await f.withClient { client in
            #expect(try await client.execute(uri: "/share/\(expired)", method: .get).status == .gone)
            // a member makes a link from the folder page and finds it on "Shared links"
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.get("/folders/trip").text.contains("data-action=\"share\""))
            let made = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("filter", ""), ("expires", "7")])
            #expect(made.status == .seeOther)
            let list = try await max.keeping("photolala_new_share", from: made).get("/shared").text
            let token = try #require(list.firstRange(of: #/\/share\/([A-Za-z0-9_-]{43})/#).map { String(list[$0].dropFirst(7)) })
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).status == .ok)
            let id = try #require(try await store.shares(accountId: owner.id).first { $0.expiresAt != 10 }?.id)
            // its maker sees it again (derived from the server's secret: the catalog keeps its hash);
            // another member neither sees nor revokes it; its owner can
            #expect(try await max.get("/shared").text.contains(token))
            let mo = try await FormPoster.signIn(client, "mo")
            #expect(!(try await mo.get("/shared").text.contains(token)))
            #expect(try await mo.post("/actions/unshare", [("id", String(id))]).status == .notFound)
            #expect(try await max.post("/actions/unshare", [("id", String(id))]).status == .seeOther)
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).status == .notFound)
            _ = other
        }
    }
}
