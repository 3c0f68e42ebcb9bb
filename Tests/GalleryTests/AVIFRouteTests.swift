import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// AVIF stills, as newer phones and browsers save them, are photos like any other.
@Suite struct AVIFRouteTests {
    @Test func anAVIFIsScannedShownWithARealThumbnailAndServedAsItIs() async throws {
        // given a library holding an AV1 still made by ImageMagick
        let f = try GalleryFixture()
        let made = f.root + "/still.avif"
        try GalleryFixture.run("convert", ["-size", "320x200", "gradient:orange-purple", "-quality", "60", made])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: made))
        try f.addBytes("phone/still.avif", Array(bytes))
        try await f.scan()
        try await f.withClient { client in
            // when its folder and photo are opened
            let folder = try await client.execute(uri: "/folders/phone", method: .get).text
            let thumb = try #require(folder.firstMatch(of: #/\/thumbs\/240\/[0-9a-f]{64}\.jpg/#).map { String($0.output) })
            let rendition = try await client.execute(uri: thumb, method: .get)
            let original = try await client.execute(uri: "/originals/phone/still.avif", method: .get)
            // then it has a real JPEG thumbnail (not a placeholder's short caching) and its original is image/avif
            #expect(folder.contains("1 photo"))
            #expect(rendition.status == .ok && rendition.headers[.contentType] == "image/jpeg")
            #expect(rendition.headers[.cacheControl]?.contains("immutable") == true)
            #expect(original.status == .ok && original.headers[.contentType] == "image/avif")
            #expect(original.body.readableBytes == bytes.count)
        }
    }
}
