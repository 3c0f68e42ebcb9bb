import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Catalog
@testable import Gallery

/// Deciding among look-alikes through the real application: the Similar collection as groups of
/// look-alikes side by side, the best of each marked and kept in one step.
@Suite struct LookAlikeRouteTests {
    /// Three look-alikes of one scene in three folders (so no burst; the first given 3 stars),
    /// two of another scene a year earlier in two more, a photo like neither, and accounts.
    private func similarFixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        for (n, bytes) in try TestImages.burst(count: 3, seed: 61, first: "2024:05:01 10:00:00", sharpest: 2).enumerated() {
            try f.addBytes("a\(n + 1)/scene.jpg", bytes)
        }
        for (n, bytes) in try TestImages.burst(count: 2, seed: 83, first: "2023:05:01 10:00:00", sharpest: 1).enumerated() {
            try f.addBytes("b\(n + 1)/view.jpg", bytes)
        }
        try f.addJPEG("loner/other.jpg", seed: 9, size: "480x360", exif: ["-DateTimeOriginal=2022:05:02 10:00:00"])
        try await f.scan()
        try await f.measureLikeness()
        let catalog = try await f.openCatalog()
        let first = try #require(try await catalog.photo(key: "a1/scene.jpg", viewer: .guest))
        _ = try await catalog.setRating(photoIds: [first.photoId], 3)
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("vic", role: .viewer)
        return f
    }

    /// The boxes of look-alikes of a page, each as the names of its tiles and the names marked best.
    private func boxes(_ html: String) -> [(names: [String], best: [String])] {
        html.split(separator: "<section class=\"lookalikes\"").dropFirst().map { box in
            let box = box.split(separator: "</section>")[0]
            let tiles = box.split(separator: "<li id=").dropFirst()
            return (tiles.compactMap { $0.firstMatch(of: #/title="([^"]+)"/#).map { String($0.output.1) } },
                    tiles.filter { $0.contains("class=\"best-mark\"") }.compactMap { $0.firstMatch(of: #/title="([^"]+)"/#).map { String($0.output.1) } })
        }
    }

    @Test func similarShowsEachGroupOfLookAlikesWholeOnAPageWithOneBest() async throws {
        let f = try await similarFixture()
        try await f.withClient(pageSize: 4) { client in
            let vic = try await FormPoster.signIn(client, "vic")
            // given pages of four, when the collection is opened
            let first = try await vic.get("/similar").text
            let second = try await vic.get("/similar?page=2").text
            // then the three look-alikes of the first scene are one box on page 1, alone (the two of
            // the other would not fit whole), and the other two one box on page 2; each has one best
            #expect(first.contains("page 1 of 2"))
            let one = boxes(first), two = boxes(second)
            #expect(one.count == 1 && two.count == 1)
            #expect(one.first?.names.count == 3 && Set(one.first?.names ?? []) == ["scene.jpg"])
            #expect(two.first?.names == ["view.jpg", "view.jpg"])
            #expect(one.first?.best.count == 1 && two.first?.best.count == 1)
            #expect(first.contains("<h2 id=\"alike") && first.contains(">3 look-alikes</h2>"))
            #expect(!first.contains("other.jpg"))
            // the starred one is the best
            let starred = try #require(try await f.openCatalog().photo(key: "a1/scene.jpg", viewer: .guest)).card.fileId
            let bestTile = try #require(first.firstMatch(of: #/<li id="p(\d+)"[^>]*>(?:(?!</li>).)*best-mark/#))
            #expect(bestTile.output.1 == Substring(String(starred)))
            // a viewer is not offered the trash
            #expect(!first.contains("data-action=\"keep\""))
            // a photo opened from page 2 leads back to page 2
            let link = try #require(second.firstMatch(of: #/href="(/photos/[^"]*in=similar%3A8[^"]*)"/#))
            let photo = try await vic.get(String(link.output.1).replacingOccurrences(of: "&amp;", with: "&")).text
            #expect(photo.contains("(page 2)"))
        }
    }

    @Test func keepTheBestMovesTheGroupsOthersToTheTrash() async throws {
        let f = try await similarFixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let page = try await ada.get("/similar").text
            // given the form of the first scene's box
            let forms = page.matches(of: #/<form method="post" action="/actions/select" data-action="keep" class="keepbest">(.*?)</form>/#)
            #expect(forms.count == 2)
            let form = try #require(forms.first { $0.output.1.contains("Keep the best, move the other 2 to the trash") }).output.1
            let fields = form.matches(of: #/<input type="hidden" name="(\w+)" value="([^"]*)">/#)
                .filter { $0.output.1 != "csrf" }.map { (String($0.output.1), String($0.output.2).replacingOccurrences(of: "&amp;", with: "&")) }
            // when it is sent
            let kept = try await ada.post("/actions/select", fields + [("do", "trash")])
            #expect(kept.status == .seeOther)
            // then the starred one stays and the two others are in the trash, nothing else
            #expect(try await f.keys() == ["a1/scene.jpg", "b1/view.jpg", "b2/view.jpg", "loner/other.jpg"])
            let said = try await ada.keeping("photolala_flash", from: kept).get("/similar").text
            #expect(said.contains("Kept scene.jpg. Moved 2 files to the trash"))
        }
    }
}
