import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// A photo in the trash is the admins' to see; an emptied trash leaves no rendition behind. The
/// trash works the same over a folder on disk and an in-memory source.
@Suite struct TrashRouteTests {
    /// One photo, trip/a.jpg, and an admin, ada; nothing open to guests.
    func fixture(_ kind: SourceKind) async throws -> GalleryFixture {
        let f = try GalleryFixture(kind)
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        return f
    }

    @Test(arguments: SourceKind.allCases) func aDeletedPhotoWaitsInTheTrashWithItsStarsAndComesBack(_ kind: SourceKind) async throws {
        // given a rated photo
        let f = try await fixture(kind)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            #expect(try await ada.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "4")]).status == .seeOther)
            // when it is deleted, it leaves the library for the trash page
            #expect(try await ada.post("/actions/delete", [("key", "trip/a.jpg")]).status == .seeOther)
            #expect(try await !f.exists("trip/a.jpg"))
            let trash = try await ada.get("/trash").text
            #expect(trash.contains("a.jpg") && trash.contains("data-action=\"restore\""))
            #expect(try await ada.post("/actions/delete", [("key", "trip/a.jpg")]).status == .conflict)
            // when it is restored, it is back in the library with its stars
            let id = try #require(try await CatalogStore.open(dataFolder: f.data).trashItems().first?.id)
            #expect(try await ada.post("/actions/restore", [("id", String(id))]).status == .seeOther)
            #expect(try await f.exists("trip/a.jpg"))
            #expect(try await ada.get("/photos/trip/a.jpg").text.contains("data-action=\"rate\""))
            #expect(try await CatalogStore.open(dataFolder: f.data).photo(key: "trip/a.jpg")?.rating == 4)
            #expect(try await ada.get("/trash").text.contains("The trash is empty"))
        }
    }

    @Test(arguments: SourceKind.allCases) func trashedPhotosAreForAdminsAndEmptiedOnesLeaveNoRenditions(_ kind: SourceKind) async throws {
        // given a member who has seen a photo's thumbnail, and an admin
        let f = try await fixture(kind)
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
            #expect(f.trashKeys == [])
            #expect(try await f.settledTemporaryFiles() == [])
        }
    }

    @Test(arguments: SourceKind.allCases) func aTrashedPhotosRenditionsAreNeverLeftToSharedCaches(_ kind: SourceKind) async throws {
        // given a library open to guests, where a public rendition is the rule
        let f = try GalleryFixture(kind)
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
