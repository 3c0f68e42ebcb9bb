import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct HealthRouteTests {
    @Test func healthyWhenTheCatalogAndLibraryCanBeRead() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try await f.withClient { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok && response.text == "ok\n")
            #expect(response.headers[.init("X-Request-Id")!] != nil)
        }
    }

    @Test func unhealthyNamingTheReasonWhenTheLibraryIsGone() async throws {
        let f = try GalleryFixture()
        try await f.withClient { client in
            try FileManager.default.removeItem(atPath: f.library)
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(response.text.contains("library folder cannot be read"))
        }
    }
}
