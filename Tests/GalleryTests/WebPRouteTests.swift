import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import TestSupport
import Testing
@testable import Gallery

/// Grid tiles offer WebP through `<picture>`, and `/thumbs/.../<sha>.webp` serves it.
@Suite struct WebPRouteTests {
    @Test(arguments: SourceKind.allCases) func tilesOfferWebPAndTheJPEGBesideIt(_ kind: SourceKind) async throws {
        // given
        let f = try GalleryFixture(kind)
        try f.addJPEG("trip/a.jpg", seed: 1, size: "800x600")
        try await f.scan()
        let sha = try #require(try await CatalogStore.open(dataFolder: f.data).photo(key: "trip/a.jpg")?.card.sha256)
        try await f.withClient { client in
            // when
            let page = try await client.execute(uri: "/folders/trip", method: .get).text
            let webp = try await client.execute(uri: "/thumbs/256/\(sha).webp", method: .get)
            let again = try await client.execute(uri: "/thumbs/256/\(sha).webp", method: .get)
            let jpeg = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            let revalidated = try await client.execute(uri: "/thumbs/256/\(sha).webp", method: .get,
                                                       headers: [.ifNoneMatch: webp.headers[.eTag] ?? ""])
            // then the tile names both, the WebP first, for the browser to choose
            // (a row's tile: 800×600 fits 320×240 at 1x, 640×480 at 2x)
            #expect(page.contains(#"<picture><source type="image/webp" srcset="/thumbs/240/\#(sha).webp 320w, /thumbs/480/\#(sha).webp 640w""#))
            #expect(page.contains(#"<img src="/thumbs/240/\#(sha).jpg" srcset="/thumbs/240/\#(sha).jpg 320w, /thumbs/480/\#(sha).jpg 640w""#))
            // and each address serves its own encoding, under its own ETag, from the cache the second time
            #expect(webp.status == .ok && webp.headers[.contentType] == "image/webp")
            #expect(ImageFormat.sniff(Array(webp.body.readableBytesView)) == .webp)
            #expect(Array(again.body.readableBytesView) == Array(webp.body.readableBytesView))
            #expect(jpeg.headers[.contentType] == "image/jpeg" && ImageFormat.sniff(Array(jpeg.body.readableBytesView)) == .jpeg)
            #expect(webp.headers[.eTag] != jpeg.headers[.eTag])
            #expect(revalidated.status == .notModified)
            // and any other extension names nothing
            #expect(try await client.execute(uri: "/thumbs/256/\(sha).png", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/thumbs/256/\(sha).", method: .get).status == .notFound)
        }
        #expect(FileManager.default.fileExists(atPath: f.data + "/thumbnails/\(sha.prefix(2))/\(sha)-256.webp"))
    }
}
