import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// Uploads, into a folder on disk and into an in-memory source alike.
@Suite struct UploadRouteTests {
    /// A fixture for members only.
    func fixture(_ kind: SourceKind) throws -> GalleryFixture {
        let f = try GalleryFixture(kind)
        f.guestRole = nil
        return f
    }

    func jpeg(seed: Int, date: String? = nil) throws -> Data {
        Data(try TestImages.jpeg(seed: seed, exif: date.map { ["-DateTimeOriginal=\($0)"] } ?? []))
    }

    /// Whether anything was stored under Uploads/.
    func uploaded(_ f: GalleryFixture) async throws -> Bool {
        try await f.keys().contains { $0.hasPrefix("Uploads/") }
    }

    @Test(arguments: SourceKind.allCases) func severalPhotosLandInUploadsByDateTakenAndAreIndexedAtOnce(_ kind: SourceKind) async throws {
        // given a library holding one photo
        let f = try fixture(kind)
        try f.addJPEG("old/known.jpg", seed: 5)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        let known = try #require(try await f.bytes("old/known.jpg"))
        let first = try jpeg(seed: 1, date: "2023:07:14 10:00:00")
        let second = try jpeg(seed: 2, date: "2023:07:15 11:00:00")
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.get("/upload").text.contains("data-action=\"upload\""))
            // when a member uploads two new photos, one already in the library, and one twice
            let response = try await max.upload([("beach.jpg", first), ("IMG_2.JPG", second), ("again.jpg", known), ("beach copy.jpg", first)])
            // then the new ones are in Uploads/2023/07 under their own names, indexed, and listed
            #expect(response.status == .ok)
            #expect(try await f.exists("Uploads/2023/07/beach.jpg"))
            #expect(try await f.exists("Uploads/2023/07/IMG_2.JPG"))
            #expect(response.text.contains("2 photos added, 2 skipped"))
            #expect(response.text.contains("already in the library as old/known.jpg"))
            #expect(response.text.contains("the same photo as “beach.jpg” in this upload"))
            #expect(try await max.get("/folders/Uploads/2023/07").text.contains("beach.jpg"))
            // and nothing was stored twice, and nothing is left in the staging folder
            #expect(try await !f.exists("Uploads/2023/07/again.jpg"))
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: f.data + "/uploading")) ?? []
            #expect(staging.isEmpty)
            // when a different photo with a taken name arrives, it gets a new name, never overwriting
            let other = try jpeg(seed: 3, date: "2023:07:20 09:00:00")
            let third = try await max.upload([("beach.jpg", other)])
            #expect(third.status == .ok)
            #expect(try await f.exists("Uploads/2023/07/beach (2).jpg"))
            #expect(try await f.bytes("Uploads/2023/07/beach.jpg") == first)
            // and the copies an in-memory source made for the decoders are gone
            #expect(try await f.settledTemporaryFiles() == [])
        }
    }

    @Test(arguments: SourceKind.allCases) func whatIsNotAnImageIsRefusedByNameAndReason(_ kind: SourceKind) async throws {
        let f = try fixture(kind)
        try await f.addAccount("max", role: .member)
        let truncated = try jpeg(seed: 4).prefix(40)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let response = try await max.upload([("notes.jpg", Data("just some text\n".utf8)), ("broken.jpg", truncated),
                                                 ("<script>alert(1)</script>.jpg", Data("%PDF-1.4".utf8))])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("notes.jpg") && response.text.contains("is not a photo"))
            #expect(response.text.contains("broken.jpg"))
            #expect(response.text.contains("&lt;script&gt;") && !response.text.contains("<script>alert"))
            #expect(try await !uploaded(f))
        }
    }

    @Test(arguments: SourceKind.allCases) func theJPEGThatOnceKilledTheServerIsRefusedAndNothingIsLeftStaged(_ kind: SourceKind) async throws {
        // given a member and the 76-byte JPEG whose short EXIF segment trapped the header reader
        let f = try fixture(kind)
        try await f.addAccount("max", role: .member)
        let good = try jpeg(seed: 6)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when it is uploaded beside a good photo
            let response = try await max.upload([("short-exif.jpg", HostileFiles.shortExifJPEG), ("fine.jpg", good)])
            // then the server answers, refusing it by name with a reason, and keeps the good one
            #expect(response.status == .ok)
            #expect(response.text.contains("short-exif.jpg") && response.text.contains("is not a readable image"))
            #expect(response.text.contains("1 photo added"))
            // and nothing is left in the staging folder, nor in the read journal
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: f.data + "/uploading")) ?? []
            #expect(staging.isEmpty)
            #expect(ReadJournal(dataFolder: f.data).recover() == ReadJournal.Recovery())
            #expect(try await max.get("/healthz").status == .ok)
        }
    }

    @Test(arguments: SourceKind.allCases) func aFileOverTheLimitIsRefusedWith413AndNothingIsStored(_ kind: SourceKind) async throws {
        let f = try fixture(kind)
        f.uploadLimit = 20_000
        try await f.addAccount("max", role: .member)
        let small = try jpeg(seed: 6)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let response = try await max.upload([("small.jpg", small), ("huge.jpg", Data(repeating: 0xFF, count: 50_000))])
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("huge.jpg") && response.text.contains("limit"))
            #expect(try await !uploaded(f))
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: f.data + "/uploading")) ?? []
            #expect(staging.isEmpty)
        }
    }

    @Test(arguments: SourceKind.allCases) func tooManyFilesInOneUploadAreRefusedWith413AndNothingIsStored(_ kind: SourceKind) async throws {
        // given a cap of two files per upload
        let f = try fixture(kind)
        f.uploadFileLimit = 2
        try await f.addAccount("max", role: .member)
        let photos = try (1...3).map { try jpeg(seed: 20 + $0) }
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when three are sent at once
            let response = try await max.upload(photos.enumerated().map { ("p\($0.offset).jpg", $0.element) })
            // then the upload is refused with a page saying so, and nothing is kept
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("at most 2 files"))
            #expect(try await !uploaded(f))
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: f.data + "/uploading")) ?? []).isEmpty)
        }
    }

    @Test(arguments: SourceKind.allCases) func aReadOnlyLibraryRefusesUploadAndDeleteButKeepsCuration(_ kind: SourceKind) async throws {
        let f = try fixture(kind)
        f.readOnlyLibrary = true
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        let photo = try jpeg(seed: 7)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.get("/upload").text.contains("The library is read-only"))
            let upload = try await max.upload([("new.jpg", photo)])
            #expect(upload.status == .conflict && upload.text.contains("read-only"))
            let delete = try await max.post("/actions/delete", [("key", "trip/a.jpg")])
            #expect(delete.status == .conflict && delete.text.contains("read-only"))
            #expect(try await max.get("/delete?key=trip/a.jpg").status == .conflict)
            #expect(try await max.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "5")]).status == .seeOther)
            #expect(try await max.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on")]).status == .seeOther)
            #expect(try await f.exists("trip/a.jpg"))
        }
    }

    @Test func aSourceThatSaysItCannotBeWrittenIsTreatedAsReadOnly() async throws {
        // given an in-memory library that refuses writes, though the settings allow them
        let f = try fixture(.memory)
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        f.memory?.setReadOnly(true)
        let photo = try jpeg(seed: 7)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when a member tries to upload or delete, then both are refused, saying why
            #expect(try await max.get("/upload").text.contains("The library is read-only"))
            #expect(try await max.upload([("new.jpg", photo)]).status == .conflict)
            #expect(try await max.post("/actions/delete", [("key", "trip/a.jpg")]).status == .conflict)
            #expect(try await f.keys() == ["trip/a.jpg"])
        }
    }

    @Test(arguments: SourceKind.allCases) func anUploadWithoutTheFormTokenIsRefused(_ kind: SourceKind) async throws {
        let f = try fixture(kind)
        try await f.addAccount("max", role: .member)
        let photo = try jpeg(seed: 8)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.upload([("a.jpg", photo)], csrf: String(repeating: "0", count: 64)).status == .forbidden)
            let plain = try await max.post("/upload", [("files", "x")])
            #expect(plain.status == .unsupportedMediaType)
            #expect(try await max.upload([]).status == .badRequest)
            #expect(try await !uploaded(f))
        }
    }
}
