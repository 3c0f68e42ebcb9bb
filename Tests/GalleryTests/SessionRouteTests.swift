import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Catalog
@testable import Gallery

/// How long a session lives, where its cookie goes, and what signing in again does.
@Suite struct SessionRouteTests {
    @Test func theSessionCookieIsScopedToTheBasePath() async throws {
        // given a gallery served under /photos
        let f = try await AuthRouteTests().fixture()
        var config = f.config()
        config.basePath = "/photos"
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            // when someone signs in there
            let start = try await FormPoster.start(client, page: "/photos/login")
            let response = try await start.post("/photos/login", [("name", "ada"), ("password", "correct horse")])
            // then the browser sends its cookies only to the gallery's own paths
            let cookies = response.headers[values: .setCookie]
            #expect(cookies.contains { $0.hasPrefix("photolala_session=") && $0.contains("Path=/photos") })
            #expect(cookies.contains { $0.hasPrefix("photolala_csrf=") && $0.contains("Path=/photos") })
        }
    }

    @Test func aSessionInDailyUseStillEndsAfterItsAbsoluteLifetime() async throws {
        // given a session made 31 days ago and used a minute ago
        let f = try await AuthRouteTests().fixture()
        // (made in the catalog before the server reads it: a server keeps a session it read for a
        // few seconds, so an edit behind its back would show only after that)
        let token = String(repeating: "A", count: 43)
        let now = Int64(Date().timeIntervalSince1970)
        let store = try CatalogStore.open(dataFolder: f.data)
        let account = try #require(try await store.account(named: "ada")?.account)
        try await store.createSession(tokenHash: TokenHash.of(token), accountId: account.id, expiresAt: now + 7 * 86_400, now: now - 31 * 86_400)
        try await store.pool.write { db in try db.execute(sql: "UPDATE session SET lastSeenAt = ?", arguments: [now - 60]) }
        try await f.withClient { client in
            var ada = try await FormPoster.start(client)
            ada.session = token
            // when it is used again
            let page = try await ada.get("/")
            // then it no longer opens anything
            #expect(page.status == .forbidden)
        }
    }

    @Test func signingInAgainReplacesTheBrowsersOldSession() async throws {
        // given someone signed in
        let f = try await AuthRouteTests().fixture()
        try await f.withClient { client in
            let before = try await FormPoster.signIn(client, "ada")
            // when the same browser signs in again
            let again = try await before.post("/login", [("name", "ada"), ("password", "correct horse")])
            let fresh = try #require(FormPoster.cookie("photolala_session", in: again))
            // then the old token stops working and the new one works
            #expect(try await before.get("/").status == .forbidden)
            #expect(try await FormPoster(client: client, token: before.token, session: fresh).get("/").status == .ok)
        }
    }

    @Test func lookAlikeNamesCannotBeASecondAccount() async throws {
        // given an account called fiona
        let f = try await AuthRouteTests().fixture()
        try await f.addAccount("fiona", role: .viewer)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            // when an admin tries names that read the same
            for name in ["ﬁona", "ｆｉｏｎａ", "FIONA"] {
                let response = try await ada.post("/actions/user-add", [("name", name), ("role", "viewer"), ("password", "some password")])
                // then each is the same account
                #expect(response.status == .conflict, "\(name)")
            }
            // and fiona signs in under any of them
            #expect(try await FormPoster.signIn(client, "ｆｉｏｎａ").session != nil)
        }
    }
}
