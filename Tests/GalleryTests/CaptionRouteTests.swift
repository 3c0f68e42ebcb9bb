import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct CaptionRouteTests {
    @Test func aCaptionWrittenOnThePhotoPageIsShownEverywhereItIsSeenAndSearchable() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let vic = try await FormPoster.signIn(client, "vic")
            let form = try await max.get("/photos/trip/a.jpg").text
            #expect(form.contains("data-action=\"caption\""))
            #expect(form.contains("<summary>Write a caption</summary>"), "no caption yet: the box offers to write one")
            #expect(!(try await vic.get("/photos/trip/a.jpg").text.contains("data-action=\"caption\"")), "viewers read captions, members write them")
            #expect(try await vic.post("/actions/caption", [("key", "trip/a.jpg"), ("caption", "x")]).status == .forbidden)

            let saved = try await max.post("/actions/caption", [("key", "trip/a.jpg"), ("caption", "First swim of the <summer>\nat the lake"),
                                                                ("back", "/photos/trip/a.jpg")])
            #expect(saved.status == .seeOther)
            let page = try await vic.get("/photos/trip/a.jpg").text
            #expect(page.contains("<p class=\"note\">First swim of the &lt;summer&gt;\nat the lake</p>"))
            #expect(try await max.get("/photos/trip/a.jpg").text.contains("<summary>Edit the caption</summary>"))
            #expect(try await vic.get("/search?q=swim").text.contains("1 photo"))
            // a share link's holder sees the caption too
            let shared = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("filter", ""), ("expires", "0")])
            let list = try await max.keeping("photolala_new_share", from: shared).get("/shared?new=1").text
            let token = try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{22,})/#).map { String($0.output.1) })
            let outside = try await client.execute(uri: "/share/\(token)/photos/trip/a.jpg", method: .get).text
            #expect(outside.contains("<p class=\"note\">First swim of the &lt;summer&gt;\nat the lake</p>"))
            #expect(try await max.post("/actions/caption", [("key", "trip/none.jpg"), ("caption", "x")]).status == .notFound)
            #expect(try await max.get("/actions/caption").status == .methodNotAllowed)
            // an empty caption removes it
            _ = try await max.post("/actions/caption", [("key", "trip/a.jpg"), ("caption", " ")])
            #expect(!(try await vic.get("/photos/trip/a.jpg").text.contains("class=\"note\"")))
        }
    }
}
