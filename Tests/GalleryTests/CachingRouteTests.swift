import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// What shared caches may keep: nothing of a library that needs sign-in, and no cookie ever.
@Suite struct CachingRouteTests {
    @Test func aPrivateLibrarysFilesAndPagesAreNeverPublic() async throws {
        // given a library that needs sign-in, and someone signed in
        let f = try await AuthRouteTests().fixture()
        let sha = try #require(try await CatalogStore.open(dataFolder: f.data).photo(key: "trip/a.jpg")?.card.sha256)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            // when they fetch a thumbnail, the original and a page
            let thumb = try await ada.get("/thumbs/256/\(sha).jpg")
            let again = try await ada.get("/thumbs/256/\(sha).jpg", headers: [.ifNoneMatch: thumb.headers[.eTag] ?? ""])
            let original = try await ada.get("/originals/trip/a.jpg")
            let page = try await ada.get("/folders/trip")
            // then renditions and originals are private, and pages private and revalidated per cookie
            #expect(thumb.status == .ok && again.status == .notModified)
            for response in [thumb, again, original] {
                let cache = response.headers[.cacheControl] ?? ""
                #expect(cache.contains("private") && !cache.contains("public"), "\(cache)")
            }
            #expect(thumb.headers[.cacheControl]?.contains("immutable") == true)
            #expect(page.headers[.cacheControl] == "private, no-cache")
            #expect(page.headers[values: .vary].joined(separator: ",").contains("Cookie"))
        }
    }

    @Test func aPublicResponseNeverSetsACookie() async throws {
        // given a library open to guests
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        let sha = try #require(try await CatalogStore.open(dataFolder: f.data).photo(key: "trip/a.jpg")?.card.sha256)
        try await f.withClient { client in
            // when a guest with no cookies fetches a thumbnail
            let thumb = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            // then a shared cache may keep it, and it carries no cookie for the next visitor
            #expect(thumb.headers[.cacheControl]?.hasPrefix("public") == true)
            #expect(thumb.headers[values: .setCookie].isEmpty)
            // while a page still hands out the form token
            #expect(try await client.execute(uri: "/", method: .get).headers[values: .setCookie].contains { $0.hasPrefix("photolala_csrf=") })
        }
    }
}
