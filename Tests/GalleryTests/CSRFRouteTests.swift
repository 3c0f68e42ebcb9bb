import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Forms are accepted only from this site's own pages, from the session that was shown them.
@Suite struct CSRFRouteTests {
    func fixture() async throws -> GalleryFixture {
        let f = try await AuthRouteTests().fixture()
        try await f.addAccount("max", role: .member)
        return f
    }

    @Test func aFormTokenFromOneSessionFailsInAnother() async throws {
        // given two people signed in, and the token of ada's forms
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            let adaToken = try #require(FormPoster.formToken(in: try await ada.get("/account").text))
            // when it is sent with max's session (and a cookie to match it, as double-submit alone would take)
            let forged = FormPoster(client: client, token: adaToken, session: max.session)
            let response = try await forged.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on")], csrf: adaToken)
            // then it is refused, while max's own form goes through
            #expect(response.status == .forbidden)
            #expect(try await max.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on")]).status == .seeOther)
        }
    }

    @Test func onlyPagesHandOutAFormCookieNotThumbnailsStaticFilesOrTheHealthCheck() async throws {
        // given a visitor with no cookies yet
        let f = try GalleryFixture()
        try f.addJPEG("a.jpg", seed: 2)
        try await f.scan()
        try await f.withClient { client in
            let page = try await client.execute(uri: "/", method: .get)
            let thumb = try #require(page.text.firstMatch(of: #/\/thumbs\/256\/[0-9a-f]{64}\.jpg/#).map { String($0.output) })
            // when a page and what it brings are fetched
            // then only the page sets the form cookie
            #expect(page.headers[values: .setCookie].contains { $0.hasPrefix("photolala_csrf=") })
            for uri in [thumb, "/static/style.css", "/healthz"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok && response.headers[values: .setCookie].isEmpty, "\(uri)")
            }
        }
    }

    @Test func originsThatAreNotExactlyThisSiteAreRefused() async throws {
        // given someone signed in
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let favorite = [("key", "trip/a.jpg"), ("value", "on")]
            // when a form arrives from an opaque origin, another scheme or another port
            for origin in ["null", "https://localhost", "http://localhost:8081", "http://evil.example"] {
                #expect(try await max.post("/actions/favorite", favorite, headers: [.origin: origin]).status == .forbidden, "\(origin)")
            }
            #expect(try await max.post("/actions/favorite", favorite, headers: [.origin: "http://localhost:80"]).status == .seeOther)
            // and when it names no origin at all
            let body = "key=trip%2Fa.jpg&value=on&csrf=\(max.formToken ?? max.token)"
            let bare = try await client.execute(uri: "/actions/favorite", method: .post,
                                                headers: [.cookie: max.cookieHeader, .contentType: "application/x-www-form-urlencoded"],
                                                body: ByteBuffer(string: body))
            #expect(bare.status == .forbidden)
            // but a Referer from this site is enough
            #expect(try await max.post("/actions/favorite", favorite, headers: [.origin: "", .referer: "http://localhost/folders/trip"]).status == .seeOther)
        }
    }

    @Test func onlyFormBodiesAreParsedAsForms() async throws {
        // given someone signed in
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when a form-shaped body arrives as text or JSON
            for type in ["text/plain", "application/json"] {
                let response = try await max.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on")], headers: [.contentType: type])
                // then it is not read as a form
                #expect(response.status == .unsupportedMediaType, "\(type)")
            }
        }
    }

    @Test func theSameOriginRuleNeedsAHostAndComparesSchemeAndPort() {
        #expect(CSRFMiddleware.sameOrigin("http://a.example:8080", host: "a.example:8080", https: false))
        #expect(CSRFMiddleware.sameOrigin("https://a.example", host: "a.example:443", https: true))
        #expect(!CSRFMiddleware.sameOrigin("https://a.example:8080", host: "a.example:8080", https: false))
        #expect(!CSRFMiddleware.sameOrigin("http://a.example:8080", host: nil, https: false))
        #expect(!CSRFMiddleware.sameOrigin("null", host: "a.example", https: false))
        #expect(!CSRFMiddleware.sameOrigin("http://a.example.evil:80", host: "a.example", https: false))
    }
}
