import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import TestSupport
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
            #expect(response.text.contains("library folder does not exist (is its drive mounted?)"))
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root may read any folder"))
    func anUnreadableLibraryIsReportedAsUnreadableNotMissing() async throws {
        let f = try GalleryFixture()
        try await f.withClient { client in
            // given a library folder this user may not read
            chmod(f.library, 0o000)
            defer { chmod(f.library, 0o755) }
            // when the health check runs
            let response = try await client.execute(uri: "/healthz", method: .get)
            // then it says so, and does not send anyone looking for a drive
            #expect(response.status == .serviceUnavailable)
            #expect(response.text.contains("permission denied"))
            #expect(!response.text.contains("mounted"))
        }
    }
}
