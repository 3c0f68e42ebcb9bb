import Foundation
import Gallery
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// Static files and the health check are answered before the router, past the session and CSRF
/// layers (`ShortcutResponder`). What a visitor and a monitor see of them must not change.
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
        var config = f.config()
        config.basePath = "/photos"
        try await buildApplication(config).test(.router) { client in
            let css = try await client.execute(uri: "/photos/static/style.css", method: .get)
            #expect(css.status == .ok)
            #expect(try await client.execute(uri: "/photos/healthz", method: .get).text == "ok\n")
            #expect(try await client.execute(uri: "/static/style.css", method: .get).status == .notFound)
        }
    }
}
