import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import Synchronization
import TestSupport
import Testing

@Suite struct AuthRouteTests {
    func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        return f
    }

    @Test func withNoAccountsTheSignInPageExplainsTheFirstAdmin() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try await f.withClient { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .forbidden)
            #expect(page.text.contains("photolala users add NAME --role admin"))
            #expect(page.text.contains("data-action=\"login\""))
        }
    }

    @Test func signingInSetsAFreshHttpOnlyLaxSessionThatSurvivesARestart() async throws {
        let f = try await fixture()
        let saved = Mutex("")
        try await f.withClient { client in
            // given someone who was sent to the sign-in form from a folder
            let start = try await FormPoster.start(client, page: "/folders/trip")
            #expect(try await client.execute(uri: "/folders/trip", method: .get).text.contains("name=\"next\" value=\"/folders/trip\""))
            // when they sign in
            let response = try await start.post("/login", [("name", "ADA"), ("password", "correct horse"), ("next", "/folders/trip")])
            // then they land where they were going, with a session cookie scripts cannot read
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/folders/trip")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("photolala_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
            let session = try #require(FormPoster.cookie("photolala_session", in: response))
            saved.withLock { $0 = session }
            // and a second sign-in gets a different session id
            let again = try await start.post("/login", [("name", "ada"), ("password", "correct horse")])
            #expect(FormPoster.cookie("photolala_session", in: again) != session)
        }
        // and the session still works after the server restarts
        try await f.withClient { client in
            let session = saved.withLock { $0 }
            let page = try await client.execute(uri: "/", method: .get, headers: [.cookie: "photolala_session=\(session)"])
            #expect(page.status == .ok && page.text.contains(">ada</summary>"))
        }
    }

    @Test func secureCookiesWhenConfiguredForHTTPS() async throws {
        let f = try await fixture()
        var config = f.config()
        config.secureCookies = true
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            let start = try await FormPoster.start(client, page: "/login")
            // a browser on an HTTPS page names the https origin
            let response = try await start.post("/login", [("name", "ada"), ("password", "correct horse")], headers: [.origin: "https://localhost"])
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("photolala_session=") })
            #expect(cookie.contains("Secure"))
        }
    }

    @Test func aWrongPasswordIsRefusedTheSameWayAsAnUnknownName() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let start = try await FormPoster.start(client, page: "/login")
            let wrong = try await start.post("/login", [("name", "ada"), ("password", "wrong password")])
            let unknown = try await start.post("/login", [("name", "nobody"), ("password", "wrong password")])
            #expect(wrong.status == .unauthorized && unknown.status == .unauthorized)
            #expect(wrong.text.contains("don’t match") && unknown.text.contains("don’t match"))
            #expect(FormPoster.cookie("photolala_session", in: wrong) == nil)
            // an attacker's next= never sends anyone off-site
            let offsite = try await start.post("/login", [("name", "ada"), ("password", "correct horse"), ("next", "//evil.example/")])
            #expect(offsite.headers[.location] == "/")
        }
    }

    @Test func repeatedFailuresAreRefusedWith429() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let start = try await FormPoster.start(client, page: "/login")
            var statuses: [Int] = []
            for _ in 0..<11 { statuses.append(try await start.post("/login", [("name", "ada"), ("password", "guess guess")]).status.code) }
            #expect(statuses.prefix(10).allSatisfy { $0 == 401 })
            let refused = try await start.post("/login", [("name", "ada"), ("password", "correct horse")])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter].flatMap { Int($0) }.map { $0 > 0 && $0 <= 900 } == true)
            #expect(refused.text.contains("Too many failed sign-ins"))
        }
    }

    @Test func guessingTheCurrentPasswordIsThrottledLikeSigningIn() async throws {
        // given a session left open somewhere
        let f = try await fixture()
        try await f.withClient { client in
            let open = try await FormPoster.signIn(client, "ada")
            // when someone guesses the current password on the account page
            var statuses: [Int] = []
            for i in 0..<11 {
                statuses.append(try await open.post("/actions/password", [("current", "guess \(i)"), ("new", "new secret"),
                                                                          ("confirm", "new secret")]).status.code)
            }
            // then ten guesses are weighed and the eleventh is refused, and so is the right password for now
            #expect(statuses.prefix(10).allSatisfy { $0 == 400 } && statuses.last == 429)
            let right = try await open.post("/actions/password", [("current", "correct horse"), ("new", "new secret"), ("confirm", "new secret")])
            #expect(right.status == .tooManyRequests && right.text.contains("Too many wrong passwords"))
            #expect(right.headers[.retryAfter].flatMap { Int($0) }.map { $0 > 0 && $0 <= 900 } == true)
            // while the password stays as it was
            let start = try await FormPoster.start(client, page: "/login")
            #expect(try await start.post("/login", [("name", "ada"), ("password", "new secret")]).status == .unauthorized)
        }
    }

    @Test func signingOutEndsTheSessionForGood() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            #expect(try await ada.get("/").status == .ok)
            let out = try await ada.post("/logout", [])
            #expect(out.status == .seeOther)
            #expect(try await ada.get("/").status == .forbidden)  // the old cookie opens nothing
        }
    }

    @Test func changingOnesPasswordSignsOutOtherSessions() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let here = try await FormPoster.signIn(client, "ada")
            let elsewhere = try await FormPoster.signIn(client, "ada")
            #expect(try await here.post("/actions/password", [("current", "nope nope"), ("new", "new secret"), ("confirm", "new secret")]).status == .badRequest)
            #expect(try await here.post("/actions/password", [("current", "correct horse"), ("new", "short"), ("confirm", "short")]).status == .badRequest)
            let changed = try await here.post("/actions/password", [("current", "correct horse"), ("new", "new secret"), ("confirm", "new secret")])
            #expect(changed.status == .seeOther)
            #expect(try await here.get("/").status == .ok)
            #expect(try await elsewhere.get("/").status == .forbidden)
            _ = try await FormPoster.signIn(client, "ada", password: "new secret")
        }
    }

    @Test func theAdminPageManagesAccountsAndKeepsOneAdmin() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            #expect(try await ada.post("/actions/user-add", [("name", "bo"), ("role", "viewer"), ("password", "bo password")]).status == .seeOther)
            #expect(try await ada.post("/actions/user-add", [("name", "BO"), ("role", "viewer"), ("password", "bo password")]).status == .conflict)
            #expect(try await ada.post("/actions/user-add", [("name", "bad name!"), ("role", "viewer"), ("password", "bo password")]).status == .badRequest)
            #expect(try await ada.post("/actions/user-add", [("name", "cy"), ("role", "root"), ("password", "cy password")]).status == .badRequest)
            let store = try CatalogStore.open(dataFolder: f.data)
            let bo = try #require(try await store.account(named: "bo")?.account)
            let me = try #require(try await store.account(named: "ada")?.account)
            // the last admin can be neither demoted nor removed
            #expect(try await ada.post("/actions/user-role", [("id", String(me.id)), ("role", "member")]).status == .conflict)
            #expect(try await ada.post("/actions/user-remove", [("id", String(me.id))]).status == .conflict)
            #expect(try await ada.post("/actions/user-role", [("id", String(bo.id)), ("role", "member")]).status == .seeOther)
            #expect(try await store.account(id: bo.id)?.role == .member)
            let boSession = try await FormPoster.signIn(client, "bo", password: "bo password")
            #expect(try await ada.post("/actions/user-password", [("id", String(bo.id)), ("password", "reset password")]).status == .seeOther)
            #expect(try await boSession.get("/").status == .forbidden)
            #expect(try await ada.post("/actions/user-remove", [("id", String(bo.id))]).status == .seeOther)
            #expect(try await store.account(named: "bo") == nil)
            #expect(try await ada.get("/users").text.contains("ada"))
        }
    }

    @Test func favoritesArePersonalWhileStarsAndTagsAreShared() async throws {
        let f = try await fixture()
        try await f.addAccount("bo", role: .member)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let bo = try await FormPoster.signIn(client, "bo")
            _ = try await ada.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on")])
            _ = try await ada.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "4")])
            _ = try await ada.post("/actions/tag", [("key", "trip/a.jpg"), ("tags", "sea")])
            #expect(try await ada.get("/favorites").text.contains("trip/a.jpg"))
            #expect(!(try await bo.get("/favorites").text.contains("trip/a.jpg")))
            let seen = try await bo.get("/photos/trip/a.jpg").text
            #expect(seen.contains("4 of 5 stars") && seen.contains(">sea</a>") && seen.contains("Add to favorites"))
        }
    }

    @Test func viewersSeeNoFormsTheyCannotUse() async throws {
        let f = try await fixture()
        try await f.addAccount("vera", role: .viewer)
        try await f.withClient { client in
            let vera = try await FormPoster.signIn(client, "vera")
            let photo = try await vera.get("/photos/trip/a.jpg").text
            #expect(photo.contains("data-action=\"favorite\""))
            #expect(!photo.contains("data-action=\"rate\"") && !photo.contains("data-action=\"tag\"") && !photo.contains("Move to trash"))
            let folder = try await vera.get("/folders/trip").text
            let home = try await vera.get("/library").text
            #expect(!folder.contains("data-action=\"share\"") && !home.contains("href=\"/upload\""))
        }
    }
}
