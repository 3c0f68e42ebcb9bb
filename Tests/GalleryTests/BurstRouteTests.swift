import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Bursts through the real application: a folder's burst is one tile with its count, opened as
/// a page of its shots; "Keep this one" moves the others to the trash in one step, undone in one;
/// a burst folds in any group (a search, a month) and is kept from there.
@Suite struct BurstRouteTests {
    /// Five shots of one scene a second apart in `trip` (the third the sharpest), another scene a
    /// day later, and accounts of every role; measured and stacked.
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        for (n, bytes) in try TestImages.burst(count: 5, seed: 61, first: "2024:05:01 10:00:00", sharpest: 3).enumerated() {
            try f.addBytes("trip/shot-\(n + 1).jpg", bytes)
        }
        try f.addJPEG("trip/other.jpg", seed: 9, size: "480x360", exif: ["-DateTimeOriginal=2024:05:02 10:00:00"])
        try await f.scan()
        try await f.measureLikeness()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        return f
    }

    private func tiles(_ html: String) -> [String] { html.matches(of: #/<li id="p(\d+)" class="a\d+">/#).map { String($0.output.1) } }

    /// The burst's address as its tile links it, and the id of the file it is stacked under.
    private func stackLink(_ html: String) throws -> (url: String, top: String) {
        let match = try #require(html.firstMatch(of: #/href="(/folders/trip\?[^"]*stack=(\d+)[^"]*)"/#))
        return (String(match.output.1).replacingOccurrences(of: "&amp;", with: "&"), String(match.output.2))
    }

    @Test func aBurstIsOneTileWithItsCountOpenedAsAGroupOfItsShots() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let vic = try await FormPoster.signIn(client, "vic")
            // the folder shows the burst as one tile saying 5, and the other scene on its own
            let folder = try await vic.get("/folders/trip").text
            #expect(folder.contains("6 photos"))
            #expect(tiles(folder).count == 2)
            #expect(folder.contains("<span class=\"stack-badge\" aria-hidden=\"true\">❐ 5</span><span class=\"sr-only\">, a burst of 5 shots</span>"))
            let (url, top) = try stackLink(folder)
            // the tile is the sharpest shot's
            let photo = try #require(try await f.openCatalog().photo(key: "trip/shot-3.jpg", viewer: .guest))
            #expect(top == String(photo.card.fileId))
            // opened, the burst lists its five shots in the order they were taken, and says it is one burst
            let burst = try await vic.get(url)
            #expect(burst.status == .ok)
            #expect(burst.text.contains("<h1>Burst of 5 shots, "))
            let names = burst.text.matches(of: #/title="(shot-\d\.jpg)"/#).map { String($0.output.1) }
            #expect(names == (1...5).map { "shot-\($0).jpg" })
            // a viewer may look, not keep
            #expect(!burst.text.contains("data-action=\"keep\""))
            // select mode shows every shot, so each can be ticked
            #expect(tiles(try await vic.get("/folders/trip?select=1").text).count == 6)
            // a stack number that is not one is a clear 400
            #expect(try await vic.get("/folders/trip?stack=abc").status == .badRequest)
        }
    }

    @Test func keepThisOneMovesTheOtherShotsToTheTrashAndOneUndoBringsThemBack() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let (url, top) = try stackLink(try await ada.get("/folders/trip").text)
            let burst = try await ada.get(url).text
            #expect(burst.matches(of: #/data-action="keep"/#).count == 5)
            let shot1 = try #require(try await f.openCatalog().photo(key: "trip/shot-1.jpg", viewer: .guest)).card.fileId
            // when the first shot is kept
            let kept = try await ada.post("/actions/select", [("group", "folder:trip"), ("filter", "stack=\(top)"), ("all", "1"),
                                                              ("keep", String(shot1)), ("do", "trash"), ("back", "/folders/trip#p\(shot1)")])
            #expect(kept.status == .seeOther)
            #expect(kept.headers[.location] == "/folders/trip#p\(shot1)")
            // then it alone is left of the burst, the four others are in the trash, and the page says so with an Undo
            #expect(try await f.keys() == ["trip/other.jpg", "trip/shot-1.jpg"])
            let said = try await ada.keeping("photolala_flash", from: kept).get("/folders/trip").text
            #expect(said.contains("Kept shot-1.jpg. Moved 4 files to the trash"))
            #expect(tiles(try await ada.get("/folders/trip").text).count == 2)
            #expect(!(try await ada.get("/folders/trip").text.contains("stack-badge")))
            // when it is undone, the burst is whole and stacked again
            let token = try #require(try await ada.undoToken(after: kept, page: "/folders/trip"))
            #expect(try await ada.post("/actions/undo", [("token", token)]).status == .seeOther)
            #expect(try await f.keys().count == 6)
            let again = try await ada.get("/folders/trip").text
            #expect(tiles(again).count == 2)
            #expect(again.contains("❐ 5"))
        }
    }

    @Test func keepingNeedsAnAdminAndAShotOfTheBurst() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let (_, top) = try stackLink(try await ada.get("/folders/trip").text)
            let other = try #require(try await f.openCatalog().photo(key: "trip/other.jpg", viewer: .guest)).card.fileId
            let form = [("group", "folder:trip"), ("filter", "stack=\(top)"), ("all", "1"), ("do", "trash")]
            let notInIt = try await ada.post("/actions/select", form + [("keep", String(other))])
            #expect(notInIt.status == .badRequest)
            #expect(notInIt.text.contains("no longer part of this burst"))
            #expect(try await ada.post("/actions/select", form + [("keep", "x")]).status == .badRequest)
            #expect(try await ada.post("/actions/select", [("group", "folder:trip"), ("filter", "stack=\(top)"), ("all", "1"), ("do", "tag"),
                                                           ("tag", "x"), ("keep", top)]).status == .badRequest)
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.post("/actions/select", form + [("keep", top)]).status == .forbidden)
            #expect(try await f.keys().count == 6, "nothing moved")
        }
    }

    @Test func theSimilarCollectionFindsLookAlikesAcrossFoldersAtTheChosenThreshold() async throws {
        // given the burst, and a smaller, recompressed copy of its third shot in another folder
        let f = try await fixture()
        let folder = NSTemporaryDirectory() + "photolala-similar-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shot = folder + "/shot.jpg", copy = folder + "/copy.jpg"
        try Data(try #require(try await f.bytes("trip/shot-3.jpg"))).write(to: URL(fileURLWithPath: shot))
        try TestImages.run("convert", [shot, "-resize", "50%", "-quality", "60", copy])
        try f.addBytes("exports/copy.jpg", [UInt8](try Data(contentsOf: URL(fileURLWithPath: copy))))
        try await f.scan()
        try await f.measureLikeness()
        try await f.withClient { client in
            let vic = try await FormPoster.signIn(client, "vic")
            // the home page offers it beside Duplicates
            #expect(try await vic.get("/library").text.contains("href=\"/similar\""))
            // it holds the burst's shots and the copy, not the other scene, and names its thresholds
            let page = try await vic.get("/similar")
            #expect(page.status == .ok)
            let names = Set(page.text.matches(of: #/title="([^"]+\.jpg)"/#).map { String($0.output.1) })
            #expect(names.contains("copy.jpg") && names.contains("shot-3.jpg") && !names.contains("other.jpg"))
            #expect(page.text.contains("<span>How alike:</span>"))
            #expect(page.text.contains("<strong aria-current=\"true\">Close</strong>"))
            #expect(page.text.contains("href=\"/similar?within=4\""))
            // a threshold is kept by its links and its filter form; one that is not offered is a clear 400
            let near = try await vic.get("/similar?within=4").text
            #expect(near.contains("<strong aria-current=\"true\">Nearly the same</strong>"))
            #expect(near.contains("<input type=\"hidden\" name=\"within\" value=\"4\">"))
            let refused = try await vic.get("/similar?within=5")
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("within: use 4, 6, 8 or 10"))
            // and a photo opened from it steps through the collection
            let link = try #require(page.text.firstMatch(of: #/href="(/photos/[^"]*in=similar%3A8[^"]*)"/#))
            #expect(try await vic.get(String(link.output.1).replacingOccurrences(of: "&amp;", with: "&")).status == .ok)
        }
    }

    @Test func aBurstFoldsInASearchAndInAMonth() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            for page in ["/search?q=shot", SiteURL.month(year: 2024, month: 5).path] {
                let html = try await ada.get(page).text
                #expect(html.contains("❐ 5"), "\(page)")
                #expect(tiles(html).count == (page.contains("q=shot") ? 1 : 2), "\(page)")
                #expect(html.contains("stack="), "\(page)")
            }
        }
    }

    @Test func aBurstsPageSaysWhatKeepDoesAndKeepingFromAMonthTrashesTheBurstsOtherShots() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let month = try await ada.get(SiteURL.month(year: 2024, month: 5).path).text
            let link = try #require(month.firstMatch(of: #/href="(/search\?[^"]*stack=\d+[^"]*)"/#))
            // given the burst opened from its month
            let burst = try await ada.get(String(link.output.1).replacingOccurrences(of: "&amp;", with: "&")).text
            // then its page is its own: its heading and, in words, what Keep does
            #expect(burst.contains("<h1>Burst of 5 shots, "))
            #expect(burst.contains("“Keep this one” keeps that shot and moves the other 4 shots of this burst shown here to the trash"))
            #expect(burst.contains("until it is emptied"))
            #expect(burst.matches(of: #/<span aria-hidden="true">Keep this one</span>/#).count == 5)
            #expect(burst.contains("Sharpest"))
            #expect(!burst.contains("<nav class=\"sortbar\""))
            // when the first shot is kept there
            let form = try #require(burst.firstMatch(of: #/<form method="post" action="/actions/select" data-action="keep" class="keep">(.*?)</form>/#)).output.1
            let fields = form.matches(of: #/<input type="hidden" name="(\w+)" value="([^"]*)">/#)
                .filter { $0.output.1 != "csrf" }.map { (String($0.output.1), String($0.output.2).replacingOccurrences(of: "&amp;", with: "&")) }
            #expect(fields.contains { $0.0 == "group" && $0.1 == "all" })
            let kept = try await ada.post("/actions/select", fields + [("do", "trash")])
            #expect(kept.status == .seeOther)
            #expect(kept.headers[.location]?.hasPrefix("/search?") == true)
            // then exactly the burst's four other shots are in the trash
            #expect(try await f.keys() == ["trip/other.jpg", "trip/shot-1.jpg"])
        }
    }
}
