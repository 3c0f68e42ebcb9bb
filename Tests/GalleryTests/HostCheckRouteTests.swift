import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Only requests addressed to one of the server's own names are answered (DNS rebinding).
@Suite struct HostCheckRouteTests {
    static let host = HTTPFields.Element.Name("Host")!

    @Test func requestsForAnotherSitesNameAreMisdirected() async throws {
        // given a gallery open to guests
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        var config = f.config()
        config.trustedProxies = try TrustedProxies.parse("0.0.0.0/0, ::/0")
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            // when a page is asked for under a name that is not the server's
            let evil = try await client.execute(uri: "/", method: .get, headers: [Self.host: "evil.example"])
            // then it is refused with a small page saying why
            #expect(evil.status.code == 421)
            #expect(evil.text.contains("does not answer to that name") && !evil.text.contains("trip"))
            // and no forwarded header talks its way past the check
            let forwarded: HTTPFields = [Self.host: "evil.example:8080", .init("X-Forwarded-Host")!: "localhost"]
            #expect(try await client.execute(uri: "/folders/trip", method: .get, headers: forwarded).status.code == 421)
            // while loopback names and address literals are the server's own
            for name in ["localhost", "localhost:8080", "photos.localhost", "127.0.0.1:8080", "192.168.1.20", "[::1]:8080", "LOCALHOST."] {
                #expect(try await client.execute(uri: "/", method: .get, headers: [Self.host: name]).status == .ok, "\(name)")
            }
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
            // and a name accepted before (kept to be checked quickly) lets no look-alike through
            for name in ["localhost:80800", "evil.example", "localhost:8080@evil.example"] {
                #expect(try await client.execute(uri: "/", method: .get, headers: [Self.host: name]).status.code == 421, "\(name)")
            }
        }
    }

    @Test func namesAreCheckedTheSameTheFirstTimeAndAfter() {
        let names = ServerNames(publicURLs: [URL(string: "https://photos.example.org")!], machineName: "nas")
        for _ in 0..<2 {
            #expect(names.accepts("photos.example.org") && names.accepts("nas.local:8080") && names.accepts("127.0.0.1"))
            #expect(!names.accepts("photos.example.org.evil") && !names.accepts("nas.locals") && !names.accepts("caf\u{E9}.local"))
        }
        // more names than it keeps are still answered right
        for port in 8000..<8020 { #expect(names.accepts("nas:\(port)")) }
        #expect(names.accepts("photos.example.org") && !names.accepts("other.example.org"))
    }

    @Test func thePublicURLsHostIsAcceptedAndSharedLinksUseIt() async throws {
        // given a gallery reached as https://photos.example.org/gallery, and a member who shares a folder
        let f = try await AuthRouteTests().fixture()
        var config = f.config()
        config.publicURLs = [try #require(URL(string: "https://photos.example.org/gallery")), try #require(URL(string: "http://nas.home.arpa:8080"))]
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            for name in ["photos.example.org", "nas.home.arpa:8080"] {
                #expect(try await client.execute(uri: "/login", method: .get, headers: [Self.host: name]).status == .ok, "\(name)")
            }
            #expect(try await client.execute(uri: "/login", method: .get, headers: [Self.host: "photos.example.org.evil.example"]).status.code == 421)
            let ada = try await FormPoster.signIn(client, "ada")
            let made = try await ada.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("filter", ""), ("expires", "0")])
            // when the list of links is asked for under another of the server's names
            let list = try await ada.keeping("photolala_new_share", from: made).get("/shared", headers: [Self.host: "127.0.0.1:8080"]).text
            // then the copyable link is built from the first public URL, not from the request
            #expect(list.contains(#/value="https://photos\.example\.org/gallery/share/[A-Za-z0-9_-]{43}"/#))
            #expect(!list.contains("127.0.0.1"))
        }
    }
}
