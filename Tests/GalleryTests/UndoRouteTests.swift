import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct UndoRouteTests {
    /// 70 photos in `trip`, and accounts of every role.
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        let base = try TestImages.jpeg(seed: 5, size: "40x30")
        for i in 1...70 { try f.addBytes(String(format: "trip/IMG_%04d.jpg", i), base + Array("photo \(i)".utf8)) }
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        return f
    }

    @Test func aTagOnAllOfAGroupIsUndoneExactlyOnceByWhoeverDidIt() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            // given a photo tagged before, and one whose tag was removed before
            _ = try await max.post("/actions/tag", [("key", "trip/IMG_0001.jpg"), ("tags", "Lisbon")])
            _ = try await max.post("/actions/tag", [("key", "trip/IMG_0002.jpg"), ("tags", "Lisbon")])
            _ = try await max.post("/actions/untag", [("key", "trip/IMG_0002.jpg"), ("tag", "Lisbon")])
            // when all 70 are tagged
            let tagged = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "tag"), ("tag", "Lisbon"),
                                                                ("back", "/folders/trip?page=2")])
            #expect(try await max.get("/tags/Lisbon").text.contains("70 photos"))
            let token = try #require(try await max.undoToken(after: tagged, page: "/folders/trip?page=2"))
            // then someone else cannot undo it, and a viewer even less
            let ada = try await FormPoster.signIn(client, "ada")
            #expect(try await ada.post("/actions/undo", [("token", token)]).status == .forbidden)
            let vic = try await FormPoster.signIn(client, "vic")
            #expect(try await vic.post("/actions/undo", [("token", token)]).status == .forbidden)
            // (the refused tries spent nothing: the one who did it can still undo it, once)
            #expect(try await max.post("/actions/undo", [("token", token)]).status == .seeOther)
            #expect(try await max.post("/actions/undo", [("token", token)]).status == .gone)
            #expect(!(try await max.get("/tags/Lisbon").text.contains("70 photos")), "undone")
            _ = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "tag"), ("tag", "Lisbon")])
            #expect(try await max.get("/tags/Lisbon").text.contains("70 photos"))

            // when it is done again, and undone by the one who did it
            let again = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "untag"), ("tag", "Lisbon")])
            #expect(!(try await max.get("/tags").text.contains("Lisbon")), "no photo carries it now")
            let second = try #require(try await max.undoToken(after: again, page: "/folders/trip"))
            let undone = try await max.post("/actions/undo", [("token", second)])
            #expect(undone.status == .seeOther)
            #expect(undone.headers[.location] == "/folders/trip")
            let said = try await max.keeping("photolala_flash", from: undone).get("/folders/trip").text
            #expect(said.contains("<p class=\"flash\" role=\"status\">Undone: Removed “Lisbon” from 70 photos.</p>"))
            #expect(!said.contains("data-action=\"undo\""), "an undo is not itself undone")
            // then every photo carries the tag again, and nothing else moved
            #expect(try await max.get("/tags/Lisbon").text.contains("70 photos"))
            // and it works once
            #expect(try await max.post("/actions/undo", [("token", second)]).status == .gone)
            #expect(try await max.post("/actions/undo", [("token", "not a token")]).status == .gone)
            #expect(try await max.get("/actions/undo").status == .methodNotAllowed)
        }
    }

    @Test func undoingATagPutsBackWhatEachPhotoHadBefore() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            _ = try await max.post("/actions/tag", [("key", "trip/IMG_0001.jpg"), ("tags", "Lisbon")])
            let tagged = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "tag"), ("tag", "Lisbon")])
            let token = try #require(try await max.undoToken(after: tagged, page: "/folders/trip"))
            _ = try await max.post("/actions/undo", [("token", token)])
            // the photo tagged before keeps it; the other 69 lose it
            #expect(try await max.get("/tags/Lisbon").text.contains("1 photo"))
            #expect(try await max.get("/photos/trip/IMG_0001.jpg").text.contains("Remove tag Lisbon"))
            #expect(!(try await max.get("/photos/trip/IMG_0002.jpg").text.contains("Remove tag Lisbon")))
        }
    }

    @Test func starsFavoritesAndAlbumsAreUndoneToWhatTheyWere() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            _ = try await max.post("/actions/rate", [("key", "trip/IMG_0003.jpg"), ("rating", "2")])
            let rated = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "rate-5")])
            let stars = try #require(try await max.undoToken(after: rated, page: "/folders/trip"))
            _ = try await max.post("/actions/undo", [("token", stars)])
            #expect(try await max.get("/photos/trip/IMG_0003.jpg").text.contains("2 of 5 stars"), "the one rated before keeps its stars")
            #expect(try await max.get("/photos/trip/IMG_0004.jpg").text.contains("Not rated"))

            let vic = try await FormPoster.signIn(client, "vic")
            let ids = try await vic.get("/folders/trip?select=1").text.matches(of: #/name="ids" value="(\d+)"/#).prefix(4).map { String($0.output.1) }
            _ = try await vic.post("/actions/select", [("group", "folder:trip"), ("do", "favorite"), ("ids", ids[0])])
            let faved = try await vic.post("/actions/select", [("group", "folder:trip"), ("do", "favorite")] + ids.map { ("ids", $0) })
            let favorites = try #require(try await vic.undoToken(after: faved, page: "/folders/trip"))
            _ = try await vic.post("/actions/undo", [("token", favorites)])
            #expect(try await vic.get("/favorites").text.contains("1 photo"), "the one marked before stays")

            let added = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "album-add"), ("album", "Best of")])
            let album = try #require(try await max.undoToken(after: added, page: "/folders/trip"))
            _ = try await max.post("/actions/undo", [("token", album)])
            #expect(try await max.get("/albums").text.contains("Best of"), "the album made stays, empty")
            #expect(try await max.get("/albums").text.contains("0 photos"))
        }
    }

    @Test func manyFilesMovedToTheTrashComeBackByUndoOrByRestoringTheTicked() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let ids = try await ada.get("/folders/trip?select=1").text.matches(of: #/name="ids" value="(\d+)"/#).prefix(5).map { String($0.output.1) }
            let moved = try await ada.post("/actions/select", [("group", "folder:trip"), ("do", "trash")] + ids.map { ("ids", $0) })
            #expect(try await f.keys().count == 65)
            let token = try #require(try await ada.undoToken(after: moved, page: "/"))
            let undone = try await ada.post("/actions/undo", [("token", token)])
            #expect(try await f.keys().count == 70)
            let said = try await ada.keeping("photolala_flash", from: undone).get("/").text
            #expect(said.contains("Undone: Moved 5 files to the trash; restore them from the Trash page. Restored 5 files to where they were."))

            // the trash page ticks files to restore, with plain forms (files back from the trash are rows of their own)
            let again = try await ada.get("/folders/trip?select=1").text.matches(of: #/name="ids" value="(\d+)"/#).prefix(5).map { String($0.output.1) }
            _ = try await ada.post("/actions/select", [("group", "folder:trip"), ("do", "trash")] + again.map { ("ids", $0) })
            let trash = try await ada.get("/trash").text
            #expect(trash.contains("<form id=\"trashselect\" method=\"post\" action=\"/actions/select\" data-action=\"select\""))
            #expect(trash.contains("name=\"do\" value=\"restore\""))
            let trashIds = trash.matches(of: #/name="ids" value="(\d+)" form="trashselect"/#).map { String($0.output.1) }
            #expect(trashIds.count == 5)
            let max = try await FormPoster.signIn(client, "max")
            let two = try await max.post("/actions/select", [("group", "trash"), ("do", "restore")] + trashIds.prefix(2).map { ("ids", $0) })
            #expect(two.status == .seeOther)
            #expect(two.headers[.location] == "/trash")
            #expect(try await max.keeping("photolala_flash", from: two).get("/trash").text.contains("Restored 2 files to where they were."))
            #expect(try await f.keys().count == 67)
            _ = try await max.post("/actions/select", [("group", "trash"), ("do", "restore"), ("all", "1")])
            #expect(try await f.keys().count == 70)
            #expect(try await max.post("/actions/select", [("group", "trash"), ("do", "restore")]).status == .badRequest)
            let vic = try await FormPoster.signIn(client, "vic")
            #expect(try await vic.post("/actions/select", [("group", "trash"), ("do", "restore"), ("all", "1")]).status == .forbidden)
        }
    }

    @Test func theFlashCookieReadsBackWhatWasWrittenAndNothingElse() {
        let token = String(repeating: "Ab_-", count: 10) + "xyz"
        let written = FlashCookie(text: "Tagged 3 photos “Lisbon”. 100% sure.", undoToken: token)
        #expect(FlashCookie.parse(written.value) == written)
        #expect(!written.value.contains(" ") && !written.value.contains(";"))
        #expect(FlashCookie.parse(FlashCookie(text: "Done.").value) == FlashCookie(text: "Done."))
        #expect(FlashCookie.parse("Done.short") == FlashCookie(text: "Done", undoToken: nil), "a token of the wrong shape is dropped")
        #expect(FlashCookie.parse("") == nil && FlashCookie.parse(".") == nil && FlashCookie.parse("%E2%28") == nil)
        #expect(FlashCookie(text: String(repeating: "x", count: 900)).text.count == FlashCookie.maxText)
    }
}
