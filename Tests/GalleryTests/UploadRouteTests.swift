import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct UploadRouteTests {
    /// A fixture with one photo already in the library and a member account.
    func fixture() throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        return f
    }

    func jpeg(seed: Int, date: String? = nil) throws -> Data {
        let scratch = try GalleryFixture()
        try scratch.addJPEG("x.jpg", seed: seed, exif: date.map { ["-DateTimeOriginal=\($0)"] } ?? [])
        return try Data(contentsOf: URL(fileURLWithPath: scratch.library + "/x.jpg"))
    }

    @Test func severalPhotosLandInUploadsByDateTakenAndAreIndexedAtOnce() async throws {
        // given a library holding one photo
        let f = try fixture()
        try f.addJPEG("old/known.jpg", seed: 5)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        let known = try Data(contentsOf: URL(fileURLWithPath: f.library + "/old/known.jpg"))
        let first = try jpeg(seed: 1, date: "2023:07:14 10:00:00")
        let second = try jpeg(seed: 2, date: "2023:07:15 11:00:00")
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.get("/upload").text.contains("data-action=\"upload\""))
            // when a member uploads two new photos, one already in the library, and one twice
            let response = try await max.upload([("beach.jpg", first), ("IMG_2.JPG", second), ("again.jpg", known), ("beach copy.jpg", first)])
            // then the new ones are in Uploads/2023/07 under their own names, indexed, and listed
            #expect(response.status == .ok)
            #expect(FileManager.default.fileExists(atPath: f.library + "/Uploads/2023/07/beach.jpg"))
            #expect(FileManager.default.fileExists(atPath: f.library + "/Uploads/2023/07/IMG_2.JPG"))
            #expect(response.text.contains("2 photos added, 2 skipped"))
            #expect(response.text.contains("already in the library as old/known.jpg"))
            #expect(response.text.contains("the same photo as “beach.jpg” in this upload"))
            #expect(try await max.get("/folders/Uploads/2023/07").text.contains("beach.jpg"))
            // and nothing was stored twice, and nothing is left in the staging folder
            #expect(!FileManager.default.fileExists(atPath: f.library + "/Uploads/2023/07/again.jpg"))
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: f.data + "/uploading")) ?? []
            #expect(staging.isEmpty)
            // when a different photo with a taken name arrives, it gets a new name, never overwriting
            let other = try jpeg(seed: 3, date: "2023:07:20 09:00:00")
            let third = try await max.upload([("beach.jpg", other)])
            #expect(third.status == .ok)
            #expect(FileManager.default.fileExists(atPath: f.library + "/Uploads/2023/07/beach (2).jpg"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: f.library + "/Uploads/2023/07/beach.jpg")) == first)
        }
    }

    @Test func whatIsNotAnImageIsRefusedByNameAndReason() async throws {
        let f = try fixture()
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
            #expect(!FileManager.default.fileExists(atPath: f.library + "/Uploads"))
        }
    }

    @Test func theJPEGThatOnceKilledTheServerIsRefusedAndNothingIsLeftStaged() async throws {
        // given a member and the 76-byte JPEG whose short EXIF segment trapped the header reader
        let f = try fixture()
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

    @Test func aFileOverTheLimitIsRefusedWith413AndNothingIsStored() async throws {
        let f = try fixture()
        f.uploadLimit = 20_000
        try await f.addAccount("max", role: .member)
        let small = try jpeg(seed: 6)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let response = try await max.upload([("small.jpg", small), ("huge.jpg", Data(repeating: 0xFF, count: 50_000))])
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("huge.jpg") && response.text.contains("limit"))
            #expect(!FileManager.default.fileExists(atPath: f.library + "/Uploads"))
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: f.data + "/uploading")) ?? []
            #expect(staging.isEmpty)
        }
    }

    @Test func tooManyFilesInOneUploadAreRefusedWith413AndNothingIsStored() async throws {
        // given a cap of two files per upload
        let f = try fixture()
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
            #expect(!FileManager.default.fileExists(atPath: f.library + "/Uploads"))
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: f.data + "/uploading")) ?? []).isEmpty)
        }
    }

    @Test func aReadOnlyLibraryRefusesUploadAndDeleteButKeepsCuration() async throws {
        let f = try fixture()
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
            #expect(FileManager.default.fileExists(atPath: f.library + "/trip/a.jpg"))
        }
    }

    @Test func anUploadWithoutTheFormTokenIsRefused() async throws {
        let f = try fixture()
        try await f.addAccount("max", role: .member)
        let photo = try jpeg(seed: 8)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.upload([("a.jpg", photo)], csrf: String(repeating: "0", count: 64)).status == .forbidden)
            let plain = try await max.post("/upload", [("files", "x")])
            #expect(plain.status == .unsupportedMediaType)
            #expect(try await max.upload([]).status == .badRequest)
            #expect(!FileManager.default.fileExists(atPath: f.library + "/Uploads"))
        }
    }
}
