import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Who added what: an upload records its account (or the share link it came through), the photo's
/// page says so to the household and links to everything that person uploaded, an album's photo
/// says who put it there, and a link's holders see none of it.
@Suite struct WhoAddedRouteTests {
    @Test func uploadsAndAlbumAddsSayWhoMadeThem() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("root", role: .admin)
        let mine = Data(try TestImages.jpeg(seed: 7, exif: ["-DateTimeOriginal=2024:08:01 12:00:00"]))
        let theirs = Data(try TestImages.jpeg(seed: 8, exif: ["-DateTimeOriginal=2024:08:02 12:00:00"]))
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            // when ada uploads a photo, and max sends the same bytes again
            #expect(try await ada.upload([("swim.jpg", mine)]).status == .ok)
            #expect(try await max.upload([("again.jpg", mine)]).status == .ok)
            // then its page says ada uploaded it (the first upload is its adder's), linking to all she uploaded
            let page = try await max.get("/photos/Uploads/2024/08/swim.jpg").text
            #expect(page.contains("<dt>Uploaded by</dt><dd><a href=\"/search?added_by=ada\">ada</a></dd>"))
            let search = try await max.get("/search?added_by=ada").text
            #expect(search.contains("swim.jpg") && !search.contains("a.jpg\"") && search.contains("Added by ada"))
            #expect(try await max.get("/search?added_by=max").text.contains("No photo matches"))
            // and a photo the scan found says nothing of it
            #expect(!(try await max.get("/photos/trip/a.jpg").text.contains("Uploaded by")))
            // when max puts both in an album, and shares it with a link that takes photos
            for key in ["trip/a.jpg", "Uploads/2024/08/swim.jpg"] {
                #expect(try await max.post("/actions/album-add", [("key", key), ("album", "Party")]).status == .seeOther)
            }
            let made = try await max.post("/actions/share", [("kind", "album"), ("value", "1"), ("filter", ""), ("expires", "0"), ("uploads", "1")])
            let list = try await max.keeping("photolala_new_share", from: made).get("/shared?new=1").text
            let token = try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
            let friend = try await FormPoster.start(client, page: "/share/\(token)")
            let csrf = try #require(FormPoster.formToken(in: try await friend.get("/share/\(token)").text))
            #expect(try await friend.upload([("party.jpg", theirs)], csrf: csrf, to: "/share/\(token)/upload").status == .ok)
            // then in the album each photo says who put it there
            let inAlbum = try await ada.get("/photos/trip/a.jpg?in=album:1").text
            #expect(inAlbum.contains("<dt>Added to Party by</dt><dd>max</dd>"))
            let sent = try await ada.get("/photos/Link%20uploads/1/party.jpg?in=album:1").text
            #expect(sent.contains("<dt>Uploaded by</dt><dd>a share link&#39;s holders (a link of max&#39;s)</dd>")
                    || sent.contains("<dt>Uploaded by</dt><dd>a share link's holders (a link of max's)</dd>"))
            #expect(sent.contains("<dt>Added to Party by</dt>"))
            // and the album's list says who put each photo in it
            #expect(try await ada.post("/view", [("set", "list"), ("back", "/albums/1")]).status == .seeOther)
            let rows = try await ada.get("/albums/1").text
            #expect(rows.contains("<th scope=\"col\">Added by</th>") && rows.contains("<td>max</td>"))
            #expect(rows.contains("a share link&#39;s holders (a link of max&#39;s)") || rows.contains("a share link's holders (a link of max's)"))
            #expect(!(try await ada.get("/folders/trip").text.contains("Added by</th>")))
            // and the link's holders see none of it
            let shared = try await client.execute(uri: "/share/\(token)", method: .get).text
            let photo = try #require(shared.firstMatch(of: #/href="(/share/[^"]+/photos/[^"]+)"/#).map { String($0.output.1) })
            let seen = try await client.execute(uri: photo, method: .get).text
            #expect(!seen.contains("Uploaded by") && !seen.contains("Added to Party by"))
            // and a bad value is a clear 400
            #expect(try await max.get("/search?added_by=" + String(repeating: "x", count: 101)).status == .badRequest)
        }
        // and when ada's account goes, her photo keeps no name (nothing else changes)
        let store = try await f.openCatalog()
        let ada = try #require(try await store.accounts().first { $0.name == "ada" })
        try await store.removeAccount(id: ada.id)
        let detail = try #require(try await store.photo(key: "Uploads/2024/08/swim.jpg"))
        #expect(detail.uploader == nil)
        #expect(try await store.count(.filtered(.all, SearchFilter(addedBy: "ada"))) == 0)
    }
}
