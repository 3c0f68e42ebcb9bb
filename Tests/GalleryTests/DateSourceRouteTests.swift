import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// The photo page says where its date was read and in which time zone, from real files.
@Suite struct DateSourceRouteTests {
    @Test func aPhotosPageSaysWhereItsDateWasReadAndItsZone() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/camera.jpg", seed: 1, exif: ["-DateTimeOriginal=2024:07:14 16:20:00", "-OffsetTimeOriginal=+02:00"])
        try f.addJPEG("trip/export.jpg", seed: 2, exif: ["-XMP-exif:DateTimeOriginal=2024:07:14 18:00:00-05:30"])
        try f.addJPEG("trip/undated.jpg", seed: 3)
        try await f.scan()
        try await f.withClient { client in
            let camera = try await client.execute(uri: "/photos/trip/camera.jpg", method: .get).text
            #expect(camera.contains("(\u{2066}+02:00\u{2069})"))
            #expect(camera.contains("the camera&#39;s EXIF") || camera.contains("the camera's EXIF"))
            let export = try await client.execute(uri: "/photos/trip/export.jpg", method: .get).text
            #expect(export.contains("(\u{2066}−05:30\u{2069})"))
            #expect(export.contains("XMP, as an editor or exporter wrote it"))
            let undated = try await client.execute(uri: "/photos/trip/undated.jpg", method: .get).text
            #expect(undated.contains("Unknown (file modified") && !undated.contains("Date from"))
        }
    }

    @Test func serverTimesAreInTheViewersZoneWhenTheirBrowserNamesOneElseTheServersAndNeverSayUTC() async throws {
        // given a photo that says nothing of when it was taken (its page tells when its file was changed)
        let f = try GalleryFixture()
        try f.addJPEG("trip/undated.jpg", seed: 3)
        try await f.scan()
        try await f.withClient { client in
            func page(_ cookie: String?) async throws -> String {
                let headers: HTTPFields = cookie.map { [.cookie: $0] } ?? [:]
                return try await client.execute(uri: "/photos/trip/undated.jpg", method: .get, headers: headers).text
            }
            // when it is read without a zone, with the zone a browser's script named, and with cookies that name none
            let plain = try await page(nil)
            let tokyo = try await page("tz=Asia/Tokyo")
            let kathmandu = try await page("tz=Asia/Kathmandu")
            let bogus = [try await page("tz=../../etc/passwd"), try await page("tz=Mars/Olympus"), try await page("tz=" + String(repeating: "A", count: 200))]
            // then the server's zone (the fixture's: no offset) is said by its offset, the viewer's by theirs
            #expect(plain.contains("\u{2066}+00:00\u{2069})"))
            #expect(tokyo.contains("\u{2066}+09:00\u{2069})") && kathmandu.contains("\u{2066}+05:45\u{2069})"))
            #expect(bogus.allSatisfy { $0.contains("\u{2066}+00:00\u{2069})") })
            // and no page says "UTC" as if it were the viewer's zone
            for text in [plain, tokyo, kathmandu] + bogus { #expect(!text.contains(" UTC") && !text.contains("(UTC")) }
        }
    }
}
