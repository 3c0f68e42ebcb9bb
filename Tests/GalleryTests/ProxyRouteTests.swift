import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct TrustedProxiesTests {
    @Test func matchesAddressesAndRanges() throws {
        let proxies = try TrustedProxies.parse("127.0.0.1, 10.0.0.0/8, fd00::/8")
        #expect(proxies.contains("127.0.0.1") && proxies.contains("10.20.30.40") && proxies.contains("fd12::1"))
        #expect(proxies.contains("::ffff:10.1.2.3"))
        #expect(!proxies.contains("127.0.0.2") && !proxies.contains("11.0.0.1") && !proxies.contains("fe80::1") && !proxies.contains("nonsense"))
        #expect(try TrustedProxies.parse("").isEmpty)
    }

    @Test func badEntriesAreNamed() {
        #expect(throws: SettingProblem.self) { try TrustedProxies.parse("10.0.0.0/33") }
        let error = #expect(throws: SettingProblem.self) { try TrustedProxies.parse("127.0.0.1, proxy.local") }
        #expect(error?.description.contains("proxy.local") == true)
    }

    @Test func basePathsAreNormalised() throws {
        #expect(try BasePath.normalise("/photos/") == "/photos")
        #expect(try BasePath.normalise("") == "" && BasePath.normalise("/") == "")
        #expect(throws: SettingProblem.self) { try BasePath.normalise("photos") }
        #expect(throws: SettingProblem.self) { try BasePath.normalise("/a/../b") }
        #expect(throws: SettingProblem.self) { try BasePath.normalise("/a b") }
    }
}

@Suite struct ProxyRouteTests {
    @Test func underABasePathEveryLinkAndRedirectCarriesIt() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        var config = f.config()
        config.basePath = "/photos"
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            let home = try await client.execute(uri: "/photos/", method: .get)
            #expect(home.status == .ok)
            #expect(home.text.contains("href=\"/photos/folders/trip\"") && home.text.contains("href=\"/photos/static/style.css\""))
            let folder = try await client.execute(uri: "/photos/folders/trip", method: .get).text
            #expect(folder.contains(#/src="/photos/thumbs/240/[0-9a-f]{64}\.jpg"/#))
            #expect(folder.contains(#/srcset="/photos/thumbs/240/[0-9a-f]{64}\.jpg [0-9]+w(, /photos/thumbs/480/[0-9a-f]{64}\.jpg [0-9]+w)?" sizes="\(min-width: 700px\) [0-9]+px, \(min-resolution: 2.5dppx\) [0-9]+px, [0-9]+px"/#))
            #expect(folder.contains("action=\"/photos/actions/favorite\""))
            #expect(!folder.contains("href=\"/folders") && !folder.contains("action=\"/actions"))
            #expect(try await client.execute(uri: "/folders/trip", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/photos/healthz", method: .get).status == .ok)
            // a form posted under the prefix answers with a redirect under the prefix
            let form = try await FormPoster.start(client, page: "/photos/")
            let response = try await form.post("/photos/actions/favorite", [("key", "trip/a.jpg"), ("value", "on"), ("back", "/folders/trip")])
            #expect(response.status == .seeOther && response.headers[.location] == "/photos/folders/trip")
        }
    }

    @Test func forwardedHeadersCountOnlyFromTrustedProxies() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try await f.addAccount("ada", role: .admin)
        for trusted in [false, true] {
            var config = f.config()
            if trusted { config.trustedProxies = try TrustedProxies.parse("127.0.0.1, ::1") }
            let app = try await buildApplication(config)
            try await app.test(.live) { live in
                try await PatientClient.with(port: try #require(live.port)) { client in
                    let login = try await client.execute("/login")
                    let csrf = try #require(login.headers[values: .setCookie].first { $0.hasPrefix("photolala_csrf=") })
                        .dropFirst("photolala_csrf=".count).prefix { $0 != ";" }
                    func signIn(_ name: String, _ password: String, _ extra: HTTPFields) async throws -> TestClient.Response {
                        let fields = [("name", name), ("password", password), ("csrf", String(csrf))]
                        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: "photolala_csrf=\(csrf)",
                                                   .origin: FormPoster.origin]
                        for field in extra { headers[field.name] = field.value }
                        let body = fields.map { "\(FormPoster.encode($0.0))=\(FormPoster.encode($0.1))" }.joined(separator: "&")
                        return try await client.execute("/login", method: .post, headers: headers, body: ByteBuffer(string: body))
                    }
                    // the browser's origin is https only when the proxy (trusted or not) really did serve it over HTTPS
                    let https: HTTPFields = [.init("X-Forwarded-Proto")!: "https", .init("X-Forwarded-For")!: "198.51.100.7",
                                             .origin: trusted ? "https://localhost" : "http://localhost"]
                    let response = try await signIn("ada", "correct horse", https)
                    let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("photolala_session=") })
                    // only a trusted proxy can say the client used HTTPS
                    #expect(cookie.contains("Secure") == trusted)
                    // and only a trusted proxy can name the client: a spoofed address does not dodge throttling
                    for i in 0..<30 {
                        _ = try await signIn("user\(i)", "wrong password", [.init("X-Forwarded-For")!: "203.0.113.\(i)"])
                    }
                    let next = try await signIn("ada", "wrong password", [.init("X-Forwarded-For")!: "203.0.113.99"])
                    #expect((next.status == .tooManyRequests) == !trusted)
                }
            }
        }
    }
}
