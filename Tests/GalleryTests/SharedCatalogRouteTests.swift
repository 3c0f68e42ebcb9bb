import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Two instances serving one library from one PostgreSQL catalog, each with a data folder of its
/// own, as behind a load balancer: what one is told, the other knows.
@Suite(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
struct SharedCatalogRouteTests {
    /// The first instance's fixture over a new catalog, with two photos scanned and an admin; the
    /// library is a bucket when the test S3 server runs, else a folder.
    private func first() async throws -> GalleryFixture {
        let f = try GalleryFixture(S3TestBucket.endpoint == nil ? .folder : .s3)
        f.catalogURL = try await PostgresTestServer.makeDatabase()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        return f
    }

    /// Asks `check` again for up to ten seconds, for what another instance hears by notification.
    private func eventually(_ check: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<100 {
            if try await check() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test func signInCurationAndUploadsReachTheOtherInstance() async throws {
        let a = try await first()
        let b = try GalleryFixture(sharing: a)
        try await a.withClient { onA in
            try await b.withClient { onB in
                // given ada signed in through the first instance
                let ada = try await FormPoster.signIn(onA, "ada")
                // then the second knows her session, and a stranger still gets the sign-in page
                let adaOnB = FormPoster(client: onB, token: ada.token, session: ada.session, formToken: ada.formToken)
                #expect(try await adaOnB.get("/account").text.contains("ada"))
                #expect(try await onB.execute(uri: "/", method: .get).status == .forbidden)
                // when she gives a photo five stars through the first
                let rated = try await ada.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "5"), ("back", "/photos/trip/a.jpg")])
                #expect(rated.status == .seeOther)
                // then the second shows them on the photo and in its top rated
                #expect(try await eventually { try await adaOnB.get("/photos/trip/a.jpg").text.contains("5 of 5 stars") })
                #expect(try await eventually { try await adaOnB.get("/top-rated").text.contains("/photos/trip/a.jpg?in=top-rated") })
                // when she uploads a photo through the second
                let upload = try await adaOnB.upload([("beach.jpg", Data(try TestImages.jpeg(seed: 9, size: "64x48")))])
                #expect(upload.status == .ok)
                // then the first lists it
                #expect(try await eventually { try await ada.get("/recent").text.contains("beach.jpg") })
                // when she signs out through the first
                let out = try await ada.post("/logout", [])
                #expect(out.status == .seeOther)
                // then her session opens nothing on the second
                #expect(try await eventually { try await adaOnB.get("/").status == .forbidden })
            }
        }
    }

    @Test func oneInstanceScansAtATimeAndBothServeTheResult() async throws {
        let a = try await first()
        let b = try GalleryFixture(sharing: a)
        let catalogA = try await a.openCatalog()
        let catalogB = try await b.openCatalog()
        // given a scan running on the first instance's catalog
        let inside = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let holding = Task {
            try await catalogA.exclusiveScan {
                inside.continuation.yield()
                for await _ in release.stream { break }
            }
        }
        for await _ in inside.stream { break }
        // then the second instance's scan does not start, and says why
        await #expect(throws: ScanBusy.self) {
            try await LibraryScanner(source: b.source, store: catalogB, journal: ReadJournal(dataFolder: b.data), workers: 1).run()
        }
        // when the first one's scan ends
        release.continuation.yield()
        #expect(try await holding.value)
        // then the second may scan, and finds what the first catalogued
        let summary = try await LibraryScanner(source: b.source, store: catalogB, journal: ReadJournal(dataFolder: b.data), workers: 1).run()
        #expect(summary.unchanged == 2)
    }

    @Test func photosDestroyedThroughOneInstanceLeaveNoRenditionOnTheOther() async throws {
        let a = try await first()
        let b = try GalleryFixture(sharing: a)
        let sha = try #require(try await a.openCatalog().photo(key: "trip/a.jpg")?.card.sha256)
        let kept = try #require(try await a.openCatalog().photo(key: "trip/b.jpg")?.card.sha256)
        try await a.withClient { onA in
            try await b.withClient { onB in
                let ada = try await FormPoster.signIn(onA, "ada")
                let adaOnB = FormPoster(client: onB, token: ada.token, session: ada.session, formToken: ada.formToken)
                // given both photos' grid renditions made and kept by the second instance
                for hash in [sha, kept] { #expect(try await adaOnB.get("/thumbs/256/\(hash).jpg").status == .ok) }
                let cached = b.data + "/thumbnails/\(sha.prefix(2))/\(sha)-256.jpg"
                #expect(FileManager.default.fileExists(atPath: cached))
                // when one is deleted and the trash emptied through the first
                #expect(try await ada.post("/actions/delete", [("key", "trip/a.jpg")]).status == .seeOther)
                #expect(try await ada.post("/actions/empty-trash", []).status == .seeOther)
                // then the second drops its copy and serves it to nobody, while the other photo's stays
                #expect(try await eventually { !FileManager.default.fileExists(atPath: cached) })
                #expect(try await adaOnB.get("/thumbs/256/\(sha).jpg").status == .notFound)
                #expect(try await adaOnB.get("/thumbs/256/\(kept).jpg").status == .ok)
            }
        }
    }
}
