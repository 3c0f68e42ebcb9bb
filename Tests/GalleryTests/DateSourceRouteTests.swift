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
            #expect(camera.contains("(UTC+2)"))
            #expect(camera.contains("the camera&#39;s EXIF") || camera.contains("the camera's EXIF"))
            let export = try await client.execute(uri: "/photos/trip/export.jpg", method: .get).text
            #expect(export.contains("(UTC−5:30)"))
            #expect(export.contains("XMP, as an editor or exporter wrote it"))
            let undated = try await client.execute(uri: "/photos/trip/undated.jpg", method: .get).text
            #expect(undated.contains("Unknown (file modified") && !undated.contains("Date from"))
        }
    }
}
