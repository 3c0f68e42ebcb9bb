import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct DemoNoteRouteTests {
    static let note = "A demo library of sample photographs. Serve your own photos with <code>scripts/run.sh ~/Pictures</code>"
    static let pages = ["/", "/folders/2023", "/photos/2023/lake.jpg", "/search?q=lake", "/tags", "/login", "/scan", "/folders/no-such-folder"]

    private func fixture(demo: Bool) async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.demoLibrary = demo
        try f.addJPEG("2023/lake.jpg", seed: 1, size: "80x60")
        try await f.scan()
        return f
    }

    @Test func everyPageOfTheDemoSaysItIsOneAndHowToServeYourOwn() async throws {
        let f = try await fixture(demo: true)
        try await f.withClient { client in
            for uri in Self.pages {
                let html = try await client.execute(uri: uri, method: .get).text
                #expect(html.contains("<aside class=\"demo\" aria-label=\"Demo library\"><p>\(Self.note)"), "\(uri)")
            }
        }
    }

    @Test func aLibraryOfOnesOwnHasNoNote() async throws {
        let f = try await fixture(demo: false)
        try await f.withClient { client in
            for uri in Self.pages {
                let html = try await client.execute(uri: uri, method: .get).text
                #expect(!html.contains("class=\"demo\""), "\(uri)")
            }
        }
    }
}
