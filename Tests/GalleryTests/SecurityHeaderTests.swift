import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct SecurityHeaderTests {
    @Test func everyResponseCarriesSecurityHeaders() async throws {
        // given
        let f = try GalleryFixture()
        try f.addJPEG("a.jpg", seed: 1)
        try await f.scan()
        try await f.withClient { client in
            // when pages, files, errors and refused forms are fetched
            for (method, uri) in [(HTTPRequest.Method.get, "/"), (.get, "/photos/a.jpg"), (.get, "/static/style.css"),
                                  (.get, "/originals/a.jpg"), (.get, "/nowhere"), (.post, "/actions/favorite")] {
                let response = try await client.execute(uri: uri, method: method)
                // then
                let csp = response.headers[.contentSecurityPolicy] ?? ""
                #expect(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "\(uri)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(response.headers[HTTPFields.Element.Name("Referrer-Policy")!] == "same-origin", "\(uri)")
            }
        }
    }
}
