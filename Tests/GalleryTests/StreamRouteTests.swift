import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// The timeline's stream through the real application: every photo by day, newest first, in
/// pages; the scrubber's jumps; what `/` opens with; the tabs; a heart's data for the page's script.
@Suite struct StreamRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("b/march1.jpg", seed: 3, exif: ["-DateTimeOriginal=2021:03:01 10:00:00"])
        try f.addJPEG("b/march31.jpg", seed: 4, exif: ["-DateTimeOriginal=2021:03:31 10:00:00"])
        try f.addJPEG("a/july.jpg", seed: 5, exif: ["-DateTimeOriginal=2023:07:04 09:00:00"])
        try f.addJPEG("a/july2.jpg", seed: 6, exif: ["-DateTimeOriginal=2023:07:04 18:00:00"])
        try f.addJPEG("c/old.jpg", seed: 7, exif: ["-DateTimeOriginal=2012:12:24 20:00:00"])
        try f.addJPEG("c/nodate.jpg", seed: 8)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        return f
    }

    private func titles(_ html: String) -> [String] {
        html.matches(of: #/<a href="/photos/[^"]*" title="([^"]*)"/#).map { String($0.output.1) }
    }

    private func days(_ html: String) -> [String] {
        html.matches(of: #/<li class="dayhead"><h2>([^<]*)</h2></li>/#).map { String($0.output.1) }
    }

    @Test func theStreamIsEveryPhotoByDayNewestFirstTheUndatedAtTheirFilesTime() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            let html = try await max.get("/timeline").text
            // a photo with no camera date stands where its file's time puts it (made today, so first),
            // under a heading saying so, not under the day of the photo before it
            #expect(titles(html) == ["nodate.jpg", "july2.jpg", "july.jpg", "march31.jpg", "march1.jpg", "old.jpg"])
            #expect(days(html) == ["No date from a camera", "Tuesday 4 July 2023", "Wednesday 31 March 2021", "Monday 1 March 2021",
                                   "Monday 24 December 2012"])
            // a day's last line ends at its tiles' own size, as the page's last does
            #expect(html.contains(#"<li class="rowend" aria-hidden="true"></li><li class="dayhead"><h2>Wednesday 31 March 2021</h2></li>"#))
            // the Photos tab is the current one, and the stream offers no sort or filter to lose one's place in
            #expect(html.contains(#"<a href="/timeline" aria-current="page">"#))
            #expect(!html.contains("class=\"filterform\"") && !html.contains("Sort and view"))
            // the scrubber: every year newest first, the newest year's months, each a jump by date
            let years = html.matches(of: #/<li(?: class="current")?><a href="(/timeline\?taken_to=[0-9-]+)"(?: aria-current="true")?>(\d{4})</a>/#)
                .map { "\($0.output.2) \($0.output.1)" }
            #expect(years == ["2023 /timeline?taken_to=2023-07-31", "2021 /timeline?taken_to=2021-03-31", "2012 /timeline?taken_to=2012-12-31"])
            #expect(html.contains(#"<ol class="inyear"><li><a href="/timeline?taken_to=2023-07-31">July</a></li></ol>"#))
            #expect(html.contains(#"<a href="/timeline/months">All months</a>"#))
        }
    }

    @Test func aJumpStartsTheStreamAtItsMonthAndPagesGoOnFromThere() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 2) { client in
            let max = try await FormPoster.signIn(client, "max")
            let march = try await max.get("/timeline?taken_to=2021-03-31").text
            #expect(titles(march) == ["march31.jpg", "march1.jpg"])
            #expect(march.contains(#"<li class="current"><a href="/timeline?taken_to=2021-03-31" aria-current="true">2021</a>"#))
            // the next page of the jump is the stream's, numbered (the script loads it as the end nears)
            #expect(march.contains(#"<a rel="next" href="/timeline?page=2&amp;taken_to=2021-03-31">"#))
            let next = try await max.get("/timeline?page=2&taken_to=2021-03-31").text
            #expect(titles(next) == ["old.jpg"])
            // a photo opened from the stream walks it, and goes back to it
            let link = try #require(march.firstMatch(of: #/href="(/photos/b/march31\.jpg[^"]*)"/#).map { String($0.output.1) })
            let photo = try await max.get(link.replacingOccurrences(of: "&amp;", with: "&")).text
            #expect(photo.contains(#"href="/timeline?taken_to=2021-03-31#p"#))
            #expect(photo.contains(#"rel="next""#) && photo.contains("1 of 3"))
        }
    }

    @Test func theHomePageIsTheStreamUnlessThePersonChoseTheFolders() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            let home = try await max.get("/").text
            #expect(home.contains("class=\"scrubber\"") && home.contains(#"<button type="submit" name="start" value="folders">"#))
            let chosen = try await max.post("/view", [("start", "folders")])
            #expect(chosen.status == .seeOther && chosen.headers[.location] == "/")
            let cookie = try #require(chosen.headers[values: .setCookie].first { $0.hasPrefix("photolala_start=folders;") })
            #expect(cookie.contains("HttpOnly"))
            let folders = try await max.get("/", headers: [.cookie: "photolala_start=folders"]).text
            #expect(!folders.contains("class=\"scrubber\"") && folders.contains("<h2>Collections</h2>"))
            #expect(try await max.get("/library").text.contains("<h2>Collections</h2>"))
            // nonsense is refused, and nothing is set
            let refused = try await max.post("/view", [("start", "everything")])
            #expect(refused.status == .badRequest && refused.headers[values: .setCookie].isEmpty)
        }
    }

    @Test func aTileCarriesBothLabelsOfItsHeartAndAStarWhatItWillSay() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 60) { client in
            let max = try await FormPoster.signIn(client, "max")
            let html = try await max.get("/folders/a").text
            #expect(html.contains(#"aria-label="Add july.jpg to favorites" title="Add july.jpg to favorites" data-other="Remove july.jpg from favorites">♡</button>"#))
            let photo = try await max.get("/photos/a/july.jpg").text
            #expect(photo.contains(#"data-on="♥ Favorite" data-off="♡ Add to favorites">♡ Add to favorites</button>"#))
            #expect(photo.contains(#"value="3" class="star" aria-label="3 stars" title="3 stars" data-said="3 of 5 stars">★</button>"#))
            #expect(photo.contains(#"<script src="/static/app.js" defer></script>"#))
        }
    }
}
