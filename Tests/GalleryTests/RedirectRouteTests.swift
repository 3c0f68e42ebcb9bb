import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Gallery

/// `next` and `back` send the browser only to paths on this site, as a browser would read them.
@Suite struct RedirectRouteTests {
    static let offSite = ["/\t/evil.example", "/\\evil.example", "/%09/evil", "/%0A/evil", "/%5C/evil", "/%2F/evil",
                          "//evil.example", "/\n/evil", "/\r/evil", "https://evil.example/", " //evil", "/%zz"]

    @Test func pathsABrowserWouldTakeOffSiteAreNotLocal() {
        for path in Self.offSite { #expect(!SiteURL.isLocal(path), "\(path.debugDescription)") }
        for path in ["/", "/folders/a%20b?page=2", "/search?q=a%2Fb&tag=x", "/photos/trip/a.jpg"] {
            #expect(SiteURL.isLocal(path), "\(path)")
        }
    }

    @Test func signInAndFormsNeverRedirectOffSite() async throws {
        // given an account and a photo
        let f = try await AuthRouteTests().fixture()
        try await f.addAccount("max", role: .member)
        try await f.withClient { client in
            let start = try await FormPoster.start(client, page: "/login")
            for next in Self.offSite {
                // when a sign-in form carries a hostile next
                let response = try await start.post("/login", [("name", "ada"), ("password", "correct horse"), ("next", next)])
                // then it lands at home
                #expect(response.headers[.location] == "/", "\(next.debugDescription)")
            }
            let max = try await FormPoster.signIn(client, "max")
            for back in Self.offSite {
                let response = try await max.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on"), ("back", back)])
                #expect(response.headers[.location]?.hasPrefix("//") == false && response.headers[.location] != back, "\(back.debugDescription)")
            }
            // and a plain local path still works
            let local = try await start.post("/login", [("name", "ada"), ("password", "correct horse"), ("next", "/folders/a%20b?page=2")])
            #expect(local.headers[.location] == "/folders/a%20b?page=2")
        }
    }
}
