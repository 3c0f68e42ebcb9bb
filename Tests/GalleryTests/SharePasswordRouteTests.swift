import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery
import Catalog

@Suite struct SharePasswordRouteTests {
    @Test func aProtectedLinkRefusesTheWrongPasswordThrottledAndOpensForTheRightOne() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("expires", "7"), ("password", "short")]).status == .badRequest)
            let made = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("expires", "7"), ("password", "lighthouse keeper")])
            let list = try await max.keeping("photolala_new_share", from: made).get("/shared?new=1").text
            #expect(list.contains("asks for a password"))
            let token = try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{22,})/#).map { String($0.output.1) })
            let store = try CatalogStore.open(dataFolder: f.data)
            let sha = try #require(try await store.photo(key: "trip/a.jpg")?.card.sha256)

            // someone with the link but not the password: a form, and nothing of the group
            let stranger = try await FormPoster.start(client, page: "/share/\(token)")
            let first = try await stranger.get("/share/\(token)")
            #expect(first.status == .ok)
            #expect(first.text.contains("data-action=\"share-password\"") && !first.text.contains("a.jpg"))
            for path in ["/share/\(token)/photos/trip/a.jpg", "/share/\(token)/thumbs/256/\(sha).jpg", "/share/\(token)/originals/trip/a.jpg"] {
                #expect(try await stranger.get(path).status == .forbidden, "\(path)")
            }
            // a wrong password is refused
            let wrong = try await stranger.post("/share/\(token)", [("password", "not it at all")])
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains("That password is not the one this link asks for."))

            // the right one opens it, for that browser only
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            let opened = try await friend.post("/share/\(token)", [("password", "lighthouse keeper")])
            #expect(opened.status == .seeOther)
            let cookie = try #require(opened.headers[values: .setCookie].first { $0.hasPrefix("photolala_share_unlock=") })
            #expect(cookie.contains("Path=/share/\(token)") && cookie.contains("HttpOnly"))
            let unlocked = friend.keeping("photolala_share_unlock", from: opened)
            #expect(try await unlocked.get("/share/\(token)").text.contains("a.jpg"))
            #expect(try await unlocked.get("/share/\(token)/photos/trip/a.jpg").status == .ok)
            #expect(try await unlocked.get("/share/\(token)/originals/trip/a.jpg").status == .ok)
            #expect(try await stranger.get("/share/\(token)/photos/trip/a.jpg").status == .forbidden)

            // and guessing is cut off (here the address that just opened it is trusted for this
            // link, so it is the address's own limit that stops it)
            var last = wrong.status
            for _ in 0..<31 { last = try await stranger.post("/share/\(token)", [("password", "still not it")]).status }
            #expect(last == .tooManyRequests)
        }
    }
}
