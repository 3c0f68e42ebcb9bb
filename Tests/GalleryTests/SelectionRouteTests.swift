import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct SelectionRouteTests {
    /// 210 photos in `trip` (four pages of 60), three in `other`, and accounts of every role.
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        // One small JPEG, made distinct by bytes after its end: 213 photos of their own, made quickly.
        let base = try TestImages.jpeg(seed: 3, size: "40x30")
        for i in 1...210 { try f.addBytes(String(format: "trip/IMG_%04d.jpg", i), base + Array("photo \(i)".utf8)) }
        for i in 1...3 { try f.addBytes("other/keep_\(i).jpg", base + Array("other \(i)".utf8)) }
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        return f
    }

    private func fileIds(_ html: String) -> [String] {
        html.matches(of: #/name="ids" value="(\d+)"/#).map { String($0.output.1) }
    }

    @Test func selectModeTurnsTheGridIntoOneFormAndKeepsTheModeAcrossPages() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            let plain = try await max.get("/folders/trip").text
            #expect(plain.contains("<a class=\"button quiet\" href=\"/folders/trip?select=1\">Select…</a>"))
            #expect(!plain.contains("data-action=\"select\""))

            let html = try await max.get("/folders/trip?select=1&page=2").text
            #expect(html.contains("<form method=\"post\" action=\"/actions/select\" data-action=\"select\" class=\"selectform\">"))
            #expect(html.contains("<input type=\"hidden\" name=\"group\" value=\"folder:trip\">"))
            #expect(fileIds(html).count == 60, "a checkbox a tile")
            #expect(html.contains("<input type=\"checkbox\" name=\"all\" value=\"1\" data-total=\"210\"> All 210 photos in this group"))
            for action in ["favorite", "unfavorite", "zip", "rate-1", "rate-5", "tag", "untag"] {
                #expect(html.contains("name=\"do\" value=\"\(action)\""), "\(action)")
            }
            #expect(!html.contains("value=\"trash\""), "a member does not move many to the trash")
            #expect(!html.contains("data-action=\"favorite\""), "no form inside the form")
            // the page links keep select mode; Done leaves it on the same page
            #expect(html.contains("href=\"/folders/trip?page=3&amp;select=1\""))
            #expect(html.contains("<a href=\"/folders/trip?page=2\">Done</a>"))

            let ada = try await FormPoster.signIn(client, "ada")
            #expect(try await ada.get("/folders/trip?select=1").text.contains("name=\"do\" value=\"trash\""))
            let vic = try await FormPoster.signIn(client, "vic")
            let viewer = try await vic.get("/search?select=1").text
            #expect(viewer.contains("name=\"do\" value=\"zip\""))
            #expect(!viewer.contains("name=\"do\" value=\"tag\""))
            #expect(try await max.get("/folders/trip?select=yes").status == .badRequest)
        }
    }

    @Test func allInTheGroupTagsEveryPhotoOfItsQueryInOneSubmitAndSaysSo() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            // when "all 210" of a folder on its second page is tagged: more than 200, across four pages, in one submit
            let tagged = try await max.post("/actions/select", [
                ("group", "folder:trip"), ("filter", ""), ("sort", "taken"), ("order", "asc"), ("back", "/folders/trip?page=2"),
                ("all", "1"), ("do", "tag"), ("tag", "Lisbon")])
            #expect(tagged.status == .seeOther)
            #expect(tagged.headers[.location] == "/folders/trip?page=2")
            // then every photo of the folder carries it, and no other
            #expect(try await max.get("/tags").text.contains("210"))
            let tag = try await max.get("/tags/Lisbon?page=4").text
            #expect(tag.contains("210 photos"))
            #expect(!(try await max.get("/photos/other/keep_1.jpg").text.contains("Lisbon")))
            // and the page it returns to says what was done, once
            let flash = try #require(FormPoster.cookie("photolala_flash", in: tagged))
            let shown = try await max.keeping("photolala_flash", from: tagged).get("/folders/trip?page=2")
            #expect(shown.text.contains("<p class=\"flash\" role=\"status\">Tagged 210 photos “Lisbon”.</p>"))
            #expect(shown.headers[values: .setCookie].contains { $0.hasPrefix("photolala_flash=;") })
            #expect(!(try await max.get("/folders/trip?page=2").text.contains("class=\"flash\"")))
            #expect(!flash.contains(" "))

            // a filtered group: "all" means the filter's photos, here the tag's, on a search
            let rated = try await max.post("/actions/select", [
                ("group", "all"), ("filter", "tag=Lisbon&q=IMG_01"), ("all", "1"), ("do", "rate-4"), ("back", "/search")])
            #expect(rated.status == .seeOther)
            #expect(try await max.get("/top-rated").text.contains("100 photos"), "IMG_0100 to IMG_0199")
            // and tagging again says nothing changed
            let again = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "tag"), ("tag", "lisbon")])
            let text = try await max.keeping("photolala_flash", from: again).get("/").text
            #expect(text.contains("All 210 photos were already tagged “lisbon”."))
        }
    }

    @Test func tickedPhotosAreActedOnAndReportedExactly() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let vic = try await FormPoster.signIn(client, "vic")
            let ids = Array(fileIds(try await vic.get("/folders/trip?select=1").text).prefix(3))
            let first = try await vic.post("/actions/select", [("group", "folder:trip"), ("do", "favorite")] + [("ids", ids[0])])
            #expect(first.status == .seeOther)
            let both = try await vic.post("/actions/select", [("group", "folder:trip"), ("do", "favorite")] + ids.map { ("ids", $0) })
            let said = try await vic.keeping("photolala_flash", from: both).get("/folders/trip").text
            #expect(said.contains("Added 2 of 3 photos to your favorites; the other 1 were already there."))
            #expect(try await vic.get("/favorites").text.contains("3 photos"))
        }
    }

    @Test func eachActionNeedsItsRoleAndBadFormsAreRefusedClearly() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let vic = try await FormPoster.signIn(client, "vic")
            let max = try await FormPoster.signIn(client, "max")
            let some = [("group", "folder:trip"), ("all", "1")]
            #expect(try await vic.post("/actions/select", some + [("do", "tag"), ("tag", "x")]).status == .forbidden)
            #expect(try await vic.post("/actions/select", some + [("do", "rate-3")]).status == .forbidden)
            #expect(try await max.post("/actions/select", some + [("do", "trash")]).status == .forbidden)
            let cases: [([(String, String)], HTTPResponse.Status, String)] = [
                ([("group", "folder:trip"), ("do", "favorite")], .badRequest, "No photo was selected"),
                (some + [("do", "paint")], .badRequest, "is not something a selection can do"),
                ([("group", "folder:../etc"), ("all", "1"), ("do", "favorite")], .badRequest, "names no group"),
                ([("group", "folder:trip"), ("ids", "12abc"), ("do", "favorite")], .badRequest, "is not a photo of this page"),
                (some + [("do", "tag"), ("tag", "  ")], .badRequest, "Type a tag first"),
                (some + [("do", "favorite"), ("filter", "min_rating=9")], .badRequest, "min_rating"),
                ([("group", "folder:trip"), ("do", "favorite")] + Array(repeating: ("ids", "1"), count: 5_001), .contentTooLarge, "At most 5,000"),
            ]
            for (fields, status, text) in cases {
                let response = try await max.post("/actions/select", fields)
                #expect(response.status == status, "\(text)")
                #expect(response.text.contains(text), "\(text)")
            }
            #expect(try await max.post("/actions/select", some + [("do", "favorite")], csrf: "0").status == .forbidden)
            #expect(try await max.get("/actions/select").status == .methodNotAllowed)
        }
    }

    @Test func anAdminMovesManyToTheTrashAndTheyCanBeRestored() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let ids = Array(fileIds(try await ada.get("/folders/other?select=1").text))
            #expect(ids.count == 3)
            let moved = try await ada.post("/actions/select", [("group", "folder:other"), ("do", "trash"), ("back", "/folders/other")]
                                           + ids.prefix(2).map { ("ids", $0) })
            let said = try await ada.keeping("photolala_flash", from: moved).get("/").text
            #expect(said.contains("Moved 2 files to the trash; restore them from the Trash page."))
            #expect(try await !f.exists("other/keep_1.jpg"))
            #expect(try await !f.exists("other/keep_2.jpg"))
            #expect(try await f.exists("other/keep_3.jpg"))
            #expect(try await ada.get("/trash").text.contains("keep_1.jpg"))
        }
    }

    @Test func aZipHoldsTheOriginalsByteForByteUnderUniqueNames() async throws {
        let f = try await fixture()
        try f.addBytes("other/sub/keep_1.jpg", try TestImages.jpeg(seed: 9, size: "30x20"))
        try await f.scan()
        try await f.withClient(pageSize: 60) { client in
            let vic = try await FormPoster.signIn(client, "vic")
            let response = try await vic.post("/actions/select", [("group", "all"), ("filter", "q=keep"), ("sort", "name"), ("order", "asc"),
                                                                  ("all", "1"), ("do", "zip")])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"Photos.zip\"; filename*=UTF-8''Photos.zip")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let zip = folder.appendingPathComponent("Photos.zip")
            try Data(buffer: response.body).write(to: zip)
            try GalleryFixture.run("unzip", ["-q", "-t", zip.path])
            try GalleryFixture.run("unzip", ["-q", zip.path, "-d", folder.appendingPathComponent("out").path])
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
            #expect(names == ["keep_1 (2).jpg", "keep_1.jpg", "keep_2.jpg", "keep_3.jpg"])
            let unpacked = try Data(contentsOf: folder.appendingPathComponent("out/keep_2.jpg"))
            #expect(unpacked == (try await f.bytes("other/keep_2.jpg")))
        }
    }
}

@Suite struct FlashAssetTests {
    @Test func onlyPagesTakeTheFlashEvenWhenAFolderIsCalledLikeAnAssetPath() {
        #expect(FlashMiddleware.isAsset("/thumbs/256/ab.jpg") && FlashMiddleware.isAsset("/static/style.css"))
        #expect(FlashMiddleware.isAsset("/originals/a.jpg") && FlashMiddleware.isAsset("/share/tok") && FlashMiddleware.isAsset("/healthz"))
        #expect(!FlashMiddleware.isAsset("/folders/2024/thumbs/"))
        #expect(!FlashMiddleware.isAsset("/folders/static/share/"))
    }
}
