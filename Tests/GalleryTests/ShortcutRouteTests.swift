import Foundation
import GRDB
import Gallery
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Catalog

/// Static files, the health check and warm renditions are answered before the router, past the
/// session and CSRF layers (`ShortcutResponder`). What a visitor and a monitor see of them must
/// not change.
@Suite struct ShortcutRouteTests {
    static let requestId = HTTPField.Name("X-Request-Id")!

    @Test func staticFilesAndTheHealthCheckKeepTheirHeadersMetricsAndNotFoundPage() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        _ = try await f.addAccount("ada", role: .admin)
        var config = f.config()
        config.metricsToken = "0123456789abcdef-token"
        try await buildApplication(config).test(.router) { client in
            let ada = try await FormPoster.signIn(client, "ada")
            // signed in or not: the security headers and a request id, and never a cookie
            for visitor in [ada, FormPoster(client: client, token: String(repeating: "0", count: 64))] {
                for uri in ["/static/style.css", "/healthz"] {
                    let answer = try await visitor.get(uri)
                    #expect(answer.status == .ok, "\(uri)")
                    #expect(answer.headers[values: .setCookie].isEmpty, "\(uri)")
                    #expect(answer.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true, "\(uri)")
                    #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                    #expect(answer.headers[Self.requestId]?.isEmpty == false, "\(uri)")
                }
            }
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.text == "ok\n" && health.headers[.cacheControl] == "no-store")
            // the stylesheet: gzip when asked, 304 on a repeat visit, HEAD with its length and no body
            let css = try await client.execute(uri: "/static/style.css", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(css.headers[.contentEncoding] == "gzip" && css.headers[.vary] == "Accept-Encoding")
            #expect(css.headers[.cacheControl] == "public, max-age=3600")
            let etag = try #require(css.headers[.eTag])
            let again = try await client.execute(uri: "/static/style.css", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let head = try await client.execute(uri: "/static/style.css", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            #expect((Int(head.headers[.contentLength] ?? "") ?? 0) > 1000)
            // with a query string it is still the file
            #expect(try await client.execute(uri: "/static/style.css?v=2", method: .get).status == .ok)
            // a name that is no file: the site's own 404 page, with the signed-in visitor's menu
            for uri in ["/static/nothing.css", "/static/a/b", "/static/", "/static/.hidden.css", "/healthz/more"] {
                let missing = try await ada.get(uri)
                #expect(missing.status == .notFound, "\(uri)")
                #expect(missing.text.contains("<summary>ada</summary>"), "\(uri)")
            }
            // another method is not the health check
            #expect(try await ada.post("/healthz", []).status == .notFound)
            // the metrics count both under their routes' names
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer 0123456789abcdef-token"]).text
            #expect(metrics.contains(#"photolala_http_requests_total{route="/healthz",method="GET",status="200"} 3"#))
            #expect(metrics.contains(#"photolala_http_requests_total{route="/static/{file}",method="GET",status="200"}"#))
            #expect(metrics.contains(#"photolala_http_requests_total{route="/static/{file}",method="GET",status="304"} 1"#))
        }
    }

    @Test func underABasePathTheShortcutAnswersOnlyInsideIt() async throws {
        let f = try GalleryFixture()
        f.guestRole = .viewer
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        let sha = try #require(try await CatalogStore.open(dataFolder: f.data).photo(key: "trip/a.jpg")?.card.sha256)
        var config = f.config()
        config.basePath = "/photos"
        try await buildApplication(config).test(.router) { client in
            // a guest's rendition, cold and then warm, only under the base path
            for _ in 0..<2 {
                let rendition = try await client.execute(uri: "/photos/thumbs/256/\(sha).jpg", method: .get)
                #expect(rendition.status == .ok && rendition.headers[.cacheControl]?.hasPrefix("public") == true)
            }
            #expect(try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get).status == .notFound)
            let css = try await client.execute(uri: "/photos/static/style.css", method: .get)
            #expect(css.status == .ok)
            #expect(try await client.execute(uri: "/photos/healthz", method: .get).text == "ok\n")
            #expect(try await client.execute(uri: "/static/style.css", method: .get).status == .notFound)
        }
    }

    /// Every header but the two that differ on every answer.
    static func lasting(_ response: TestResponse) -> [String] {
        response.headers.filter { $0.name != .date && $0.name != Self.requestId }.map { "\($0.name): \($0.value)" }
    }

    @Test func warmRenditionsAnsweredEarlyKeepEveryRuleOfTheRoute() async throws {
        // given a library closed to guests, a viewer and an admin
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        _ = try await f.addAccount("ada", role: .admin)
        let vic = try await f.addAccount("vic", role: .viewer)
        let store = try CatalogStore.open(dataFolder: f.data)
        let sha = try #require(try await store.photo(key: "trip/a.jpg")?.card.sha256)
        let other = try #require(try await store.photo(key: "trip/b.jpg")?.card.sha256)
        // and a session of vic's last seen two hours ago, due to slide forward on its next use
        let due = String(repeating: "B", count: 43)
        let now = Int64(Date().timeIntervalSince1970)
        try await store.createSession(tokenHash: TokenHash.of(due), accountId: vic.id, expiresAt: now + 86_400, now: now - 7_200)
        var config = f.config()
        config.guestRole = nil
        config.metricsToken = "0123456789abcdef-token"
        try await buildApplication(config).test(.router) { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let uri = "/thumbs/256/\(sha).jpg"
            // when a rendition is asked for cold (made by the route) and again warm (from the cache)
            let cold = try await ada.get(uri)
            let warm = try await ada.get(uri)
            // then both answers are the same, headers and bytes, kept for the browser alone
            #expect(cold.status == .ok && warm.status == .ok)
            #expect(Self.lasting(warm) == Self.lasting(cold))
            #expect(warm.body == cold.body && warm.body.readableBytes > 100)
            #expect(warm.headers[.cacheControl] == "private, max-age=31536000, immutable")
            #expect(warm.headers[.contentSecurityPolicy] != nil && warm.headers[values: .setCookie].isEmpty)
            // a browser that has it gets 304; HEAD gets the length and no body
            let etag = try #require(warm.headers[.eTag])
            let again = try await ada.get(uri, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0 && again.headers[.eTag] == etag)
            let head = try await ada.get(uri, method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentLength] == warm.headers[.contentLength])
            // someone not signed in gets no rendition, warm or not
            let anonymous = try await client.execute(uri: uri, method: .get)
            #expect(anonymous.status == .forbidden && anonymous.body.readableBytes < warm.body.readableBytes)
            // a cookie naming no session is cleared, as on every other address
            let stale = try await FormPoster(client: client, token: ada.token, session: String(repeating: "C", count: 43)).get(uri)
            #expect(stale.status == .forbidden)
            #expect(stale.headers[values: .setCookie].contains { $0.hasPrefix("photolala_session=;") && $0.contains("Max-Age=0") })
            // a session due to slide forward does so on a warm rendition too, in the catalog and in the browser
            let renewed = try await FormPoster(client: client, token: ada.token, session: due).get(uri)
            #expect(renewed.status == .ok && renewed.body == warm.body)
            #expect(renewed.headers[values: .setCookie].contains { $0.hasPrefix("photolala_session=\(due);") })
            let seen = try await store.pool.read { db in
                try Int64.fetchOne(db, sql: "SELECT lastSeenAt FROM session WHERE tokenHash = ?", arguments: [TokenHash.of(due)])
            }
            #expect((seen ?? 0) >= now - 60)
            // names that are not a rendition's: the site's 404 page with the visitor's menu
            for bad in ["/thumbs/256/\(sha.uppercased()).jpg", "/thumbs/256/\(sha)-r0.jpg", "/thumbs/300/\(sha).jpg",
                        "/thumbs/256/\(sha).gif", "/thumbs/256/x/\(sha).jpg", "/thumbs/256/\(sha.dropLast()).jpg",
                        "/thumbs/256/\(String(repeating: "0", count: 64)).jpg"] {
                let missing = try await ada.get(bad)
                #expect(missing.status == .notFound, "\(bad)")
                #expect(missing.text.contains("<summary>ada</summary>"), "\(bad)")
            }
            // once the photo is in the trash, its warm rendition is the admin's alone, and private
            #expect(try await ada.get("/thumbs/256/\(other).jpg").status == .ok)
            let vicPoster = try await FormPoster.signIn(client, "vic")
            #expect(try await vicPoster.get("/thumbs/256/\(other).jpg").status == .ok)
            #expect(try await ada.post("/actions/delete", [("key", "trip/b.jpg")]).status == .seeOther)
            #expect(try await vicPoster.get("/thumbs/256/\(other).jpg").status == .notFound)
            #expect(try await ada.get("/thumbs/256/\(other).jpg").status == .ok)
            // after signing out, the same cookie opens nothing
            #expect(try await vicPoster.post("/logout", []).status == .seeOther)
            #expect(try await vicPoster.get(uri).status == .forbidden)
            // the metrics count every rendition under its route's name
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer 0123456789abcdef-token"]).text
            #expect(metrics.contains(#"photolala_http_requests_total{route="/thumbs/{size}/{file}",method="GET",status="200"} 6"#))
            #expect(metrics.contains(#"photolala_http_requests_total{route="/thumbs/{size}/{file}",method="GET",status="304"} 1"#))
            #expect(metrics.contains(#"photolala_http_requests_total{route="/thumbs/{size}/{file}",method="HEAD",status="200"} 1"#))
        }
    }
}
