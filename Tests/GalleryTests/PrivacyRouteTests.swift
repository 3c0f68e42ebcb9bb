import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Private photos through the real application: a member keeps a photo, a folder or an album to
/// themselves with plain forms; every page, file and form of anyone else (another member, an
/// admin unless the household lets admins see, a guest) acts as if it were not there; the owner
/// sees it marked and gives it back.
@Suite struct PrivacyRouteTests {
    /// A household of two members and an admin over two folders; guests may look.
    private func household(adminsSee: Bool = false) async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = .viewer
        f.adminsSeePrivate = adminsSee
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try f.addJPEG("home/c.jpg", seed: 3)
        try await f.scan()
        try await f.addAccount("ada", role: .member)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("root", role: .admin)
        return f
    }

    private func sha(_ f: GalleryFixture, _ key: String) async throws -> String {
        try #require(try await f.openCatalog().photo(key: key)).card.sha256
    }

    @Test func aPrivatePhotoIsItsOwnersAndAnswersNotFoundToEveryoneElse() async throws {
        let f = try await household()
        let a = try await sha(f, "trip/a.jpg")
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            let root = try await FormPoster.signIn(client, "root")
            let guest = try await FormPoster.start(client)
            // (its thumbnail made, so that the warm shortcut has it)
            #expect(try await max.get("/thumbs/256/\(a).jpg").status == .ok)
            // when ada keeps a private
            let made = try await ada.post("/actions/private", [("key", "trip/a.jpg"), ("value", "on"), ("back", "/photos/trip/a.jpg")])
            #expect(made.status == .seeOther)
            // then she sees it marked, with the way back
            let page = try await ada.get("/photos/trip/a.jpg").text
            #expect(page.contains("Private: only you see it.") && page.contains("Give it back to the household"))
            #expect(try await ada.get("/folders/trip").text.contains("<span class=\"kind-badge\" aria-hidden=\"true\">Private</span>"))
            #expect(try await ada.get("/thumbs/256/\(a).jpg").status == .ok)
            #expect(try await ada.get("/search?private=1").text.contains("trip/a.jpg"))
            #expect(try await ada.get("/library").text.contains("href=\"/search?private=1\""))
            #expect(!(try await max.get("/library").text.contains("private=1")))
            // and for max, an admin and a guest it is not there: its page, original, thumbnail,
            // its folder's grid, the search, and every form about it
            for other in [max, root, guest] {
                #expect(try await other.get("/photos/trip/a.jpg").status == .notFound)
                #expect(try await other.get("/originals/trip/a.jpg").status == .notFound)
                #expect(try await other.get("/thumbs/256/\(a).jpg").status == .notFound)
                #expect(try await other.get("/thumbs/1280/\(a).jpg").status == .notFound)
                #expect(try await other.get("/slideshow/trip/a.jpg").status == .notFound)
                let folder = try await other.get("/folders/trip").text
                #expect(!folder.contains("trip/a.jpg") && !folder.contains(a) && folder.contains("trip/b.jpg"))
                #expect(!(try await other.get("/search?q=a").text.contains(a)))
            }
            for (action, fields) in [("rate", [("rating", "5")]), ("tag", [("tags", "x")]), ("favorite", [("value", "on")]),
                                     ("caption", [("caption", "x")]), ("album-add", [("album", "Mine")]), ("private", [("value", "off")])] {
                #expect(try await max.post("/actions/\(action)", [("key", "trip/a.jpg")] + fields).status == .notFound, "\(action)")
            }
            #expect(try await root.post("/actions/delete", [("key", "trip/a.jpg")]).status == .notFound)
            // when max asks for a zip of the folder's every photo, a is not in it
            let zip = try await max.post("/actions/select", [("do", "zip"), ("group", "folder:trip"), ("all", "1")])
            #expect(zip.status == .ok && BoundaryModel.zipNames(zip.body).map { $0.split(separator: "/").last.map(String.init) ?? $0 } == ["b.jpg"])
            // when ada gives it back, everyone sees it again
            #expect(try await ada.post("/actions/private", [("key", "trip/a.jpg"), ("value", "off")]).status == .seeOther)
            #expect(try await max.get("/photos/trip/a.jpg").status == .ok)
            #expect(try await guest.get("/thumbs/256/\(a).jpg").status == .ok)
        }
    }

    @Test func aMemberRestoresFromTheTrashOnlyWhatTheySee() async throws {
        // given ada's private photo in the trash
        let f = try await household()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await ada.post("/actions/private", [("key", "trip/a.jpg"), ("value", "on"), ("back", "/photos/trip/a.jpg")]).status == .seeOther)
            #expect(try await ada.post("/actions/delete", [("key", "trip/a.jpg")]).status == .seeOther)
            let item = try #require(try await f.openCatalog().trashItems(sight: .everything).first)
            // when max asks to restore it by its id, alone or ticked, or all of the trash
            let alone = try await max.post("/actions/restore", [("id", String(item.id))])
            _ = try await max.post("/actions/select", [("group", "trash"), ("do", "restore"), ("ids", String(item.id))])
            _ = try await max.post("/actions/select", [("group", "trash"), ("do", "restore"), ("all", "1")])
            // then it answers as an item that is not there, and the photo stays in ada's trash
            #expect(alone.status == .notFound)
            #expect(try await max.post("/actions/restore", [("id", "999")]).status == .notFound)
            #expect(try await f.openCatalog().trashItems(sight: .everything).map(\.id) == [item.id])
            #expect(!(try await max.get("/trash").text.contains("a.jpg")))
            // and ada restores it herself
            #expect(try await ada.post("/actions/restore", [("id", String(item.id))]).status == .seeOther)
            #expect(try await f.openCatalog().trashItems(sight: .everything).isEmpty)
        }
    }

    @Test(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
    func aPrivateClipNeverJoinsAnotherPersonsStillNorNamesItself() async throws {
        // given ada's clip, kept private, and later a still of the same name in the same folder
        let f = try await household()
        try f.addBytes("roll/VID_9.MOV", try TestVideos.bytes("mov", seconds: 1, seed: 9))
        try await f.scan()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await ada.post("/actions/private", [("key", "roll/VID_9.MOV"), ("value", "on"), ("back", "/")]).status == .seeOther)
            try f.addJPEG("roll/VID_9.JPG", seed: 10)
            try await f.scan()
            // when anyone looks at the still, and its folder is shared
            let page = try await max.get("/photos/roll/VID_9.JPG").text
            // then the clip is named nowhere, and the still stands alone
            #expect(!page.contains("VID_9.MOV") && !page.contains("Live"))
            #expect(!(try await FormPoster.start(client).get("/photos/roll/VID_9.JPG").text.contains("VID_9.MOV")))
            // while ada still has her clip as a video of its own
            #expect(try await ada.get("/photos/roll/VID_9.MOV").status == .ok)
        }
    }

    @Test func theHouseholdMayLetAdminsSeePrivatePhotos() async throws {
        let f = try await household(adminsSee: true)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let root = try await FormPoster.signIn(client, "root")
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await ada.post("/actions/private", [("key", "trip/a.jpg"), ("value", "on")]).status == .seeOther)
            // then ada is told admins see it, an admin sees it marked (and may not give it back), max does not
            #expect(try await ada.get("/photos/trip/a.jpg").text.contains("only you and the household’s admins see it"))
            let seen = try await root.get("/photos/trip/a.jpg")
            #expect(seen.status == .ok && seen.text.contains("Private to another member"))
            #expect(try await root.post("/actions/private", [("key", "trip/a.jpg"), ("value", "off")]).status == .forbidden)
            #expect(try await max.get("/photos/trip/a.jpg").status == .notFound)
        }
    }

    @Test func aPrivateFolderAndItsNameAreHiddenAndTheUploadsFolderIsEveryones() async throws {
        let f = try await household()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await ada.get("/folders/trip").text.contains("Keep this folder private"))
            #expect(try await ada.post("/actions/private-folder", [("path", "trip"), ("value", "on")]).status == .seeOther)
            #expect(try await ada.get("/folders/trip").text.contains("only you see this folder and every photo that arrives in it"))
            // then max's home, search and folder address know nothing of it
            let home = try await max.get("/library").text
            #expect(!home.contains("/folders/trip") && home.contains("/folders/home"))
            #expect(try await max.get("/folders/trip").status == .notFound)
            #expect(try await max.get("/photos/trip/b.jpg").status == .notFound)
            #expect(try await max.post("/actions/private-folder", [("path", "trip"), ("value", "off")]).status == .notFound)
            #expect(try await max.post("/actions/private-folder", [("path", "home"), ("value", "on")]).status == .seeOther)
            #expect(try await ada.get("/folders/home").status == .notFound)
            // when ada uploads a photo, the folder it lands in is everyone's: not to be kept private
            // as a folder (everyone's uploads would be hers), and offered no form to
            let first = Data(try TestImages.jpeg(seed: 7, exif: ["-DateTimeOriginal=2024:08:01 12:00:00"]))
            #expect(try await ada.upload([("first.jpg", first)]).status == .ok)
            for folder in ["Uploads", "Uploads/2024/08"] {
                let refused = try await ada.post("/actions/private-folder", [("path", folder), ("value", "on")])
                #expect(refused.status == .badRequest && refused.text.contains("Uploads land in"), "\(folder)")
            }
            #expect(!(try await ada.get("/folders/Uploads/2024/08").text.contains("Keep this folder private")))
            // and when she keeps the photo private, max, sending the same bytes, learns it is there but not where
            #expect(try await ada.post("/actions/private", [("key", "Uploads/2024/08/first.jpg"), ("value", "on")]).status == .seeOther)
            let again = try await max.upload([("mine.jpg", first)])
            #expect(again.status == .ok && again.text.contains("already in the library") && !again.text.contains("Uploads/2024"))
            // and the library's root cannot be private
            #expect(try await ada.post("/actions/private-folder", [("path", ""), ("value", "on")]).status == .notFound)
        }
    }

    @Test func anAlbumIsKeptPrivateOnlyByItsMaker() async throws {
        let f = try await household()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await ada.post("/actions/album-add", [("key", "trip/a.jpg"), ("album", "Secret")]).status == .seeOther)
            #expect(try await max.post("/actions/album-add", [("key", "home/c.jpg"), ("album", "Ours")]).status == .seeOther)
            let store = try await f.openCatalog()
            let secret = try #require(try await store.album(named: "Secret")), ours = try #require(try await store.album(named: "Ours"))
            // when max asks to keep ada's album private, he may not
            #expect(try await max.post("/actions/private-album", [("album", "\(secret.id)"), ("value", "on")]).status == .forbidden)
            #expect(!(try await max.get("/albums/\(secret.id)").text.contains("Keep this album private")))
            // when ada does
            #expect(try await ada.get("/albums/\(secret.id)").text.contains("Keep this album private"))
            #expect(try await ada.post("/actions/private-album", [("album", "\(secret.id)"), ("value", "on")]).status == .seeOther)
            // then max sees neither it nor its photo, and its name is taken without his learning more
            #expect(!(try await max.get("/albums").text.contains("Secret")))
            #expect(try await max.get("/albums/\(secret.id)").status == .notFound)
            #expect(try await max.get("/photos/trip/a.jpg").status == .notFound)
            #expect(try await max.post("/actions/album-add", [("key", "trip/b.jpg"), ("album", "Secret")]).status == .conflict)
            // and what ada puts in it is hers too
            #expect(try await ada.post("/actions/album-add", [("key", "trip/b.jpg"), ("album", "Secret")]).status == .seeOther)
            #expect(try await max.get("/photos/trip/b.jpg").status == .notFound)
            #expect(try await max.get("/albums/\(ours.id)").status == .ok)
        }
    }

    @Test func aSelectionIsKeptPrivateAndGivenBackAtOnce() async throws {
        let f = try await household()
        let store = try await f.openCatalog()
        let ids = try await store.fileIds(in: .folder("trip"), sort: .default)
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            let made = try await ada.post("/actions/select", [("do", "private"), ("group", "folder:trip")] + ids.map { ("ids", "\($0)") })
            #expect(made.status == .seeOther)
            #expect(try await max.get("/folders/trip").status == .notFound)
            #expect(try await ada.post("/actions/select", [("do", "public"), ("group", "folder:trip"), ("all", "1")]).status == .seeOther)
            #expect(try await max.get("/folders/trip").text.contains("trip/a.jpg"))
            // and a guest, who has no account to keep anything, is refused
            let guest = try await FormPoster.start(client)
            #expect(try await guest.post("/actions/select", [("do", "private"), ("group", "folder:trip"), ("all", "1")]).status == .forbidden)
        }
    }
}
