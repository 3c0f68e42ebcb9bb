import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Gallery

/// A photo in the trash is the admins' to see; an emptied trash leaves no rendition behind.
@Suite struct TrashRouteTests {
    @Test func trashedPhotosAreForAdminsAndEmptiedOnesLeaveNoRenditions() async throws {
        // given a member who has seen a photo's thumbnail, and an admin
        let f = try await AuthRouteTests().fixture()
        try await f.addAccount("max", role: .member)
        let sha = try #require(try await CatalogStore.open(dataFolder: f.data).photo(key: "trip/a.jpg")?.card.sha256)
        let cached = f.data + "/thumbnails/\(sha.prefix(2))/\(sha)-256.jpg"
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let ada = try await FormPoster.signIn(client, "ada")
            #expect(try await max.get("/thumbs/256/\(sha).jpg").status == .ok)
            // when the member moves it to the trash
            #expect(try await max.post("/actions/delete", [("key", "trip/a.jpg")]).status == .seeOther)
            // then only the admin can still fetch its renditions; nobody gets the original at its old address
            #expect(try await max.get("/thumbs/256/\(sha).jpg").status == .notFound)
            #expect(try await max.get("/thumbs/1600/\(sha).jpg").status == .notFound)
            #expect(try await max.get("/originals/trip/a.jpg").status == .notFound)
            #expect(try await ada.get("/thumbs/256/\(sha).jpg").status == .ok)
            // and once the admin empties the trash its cached renditions are gone too
            #expect(try await ada.post("/actions/empty-trash", []).status == .seeOther)
            #expect(!FileManager.default.fileExists(atPath: cached))
            #expect(try await ada.get("/thumbs/256/\(sha).jpg").status == .notFound)
        }
    }

    @Test func aTrashedPhotosRenditionsAreNeverLeftToSharedCaches() async throws {
        // given a library open to guests, where a public rendition is the rule
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        let sha = try #require(try await CatalogStore.open(dataFolder: f.data).photo(key: "trip/a.jpg")?.card.sha256)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            #expect(try await ada.get("/thumbs/256/\(sha).jpg").headers[.cacheControl]?.hasPrefix("public") == true)
            // when the photo goes to the trash
            #expect(try await ada.post("/actions/delete", [("key", "trip/a.jpg")]).status == .seeOther)
            // then the admin still sees its rendition, marked for their browser only
            let trashed = try await ada.get("/thumbs/256/\(sha).jpg")
            #expect(trashed.status == .ok && trashed.headers[.cacheControl]?.hasPrefix("private") == true)
        }
    }
}
