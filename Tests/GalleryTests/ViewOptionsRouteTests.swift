import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct ViewOptionsRouteTests {
    @Test func theLayoutIsChosenWithAFormKeptInTheBrowserAndTheListShowsDateSizeAndStars() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1, exif: ["-DateTimeOriginal=2024:05:01 10:20:00"])
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            _ = try await form.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "3")])
            // the view form on a group page, a POST with the form token that comes back to it
            let page = try await form.get("/folders/trip?sort=name").text
            #expect(page.contains("<strong aria-current=\"true\">Medium</strong>"))
            #expect(page.contains("<form method=\"post\" action=\"/view\" data-action=\"view\" class=\"sortbar viewbar\">"))
            #expect(page.contains("<input type=\"hidden\" name=\"back\" value=\"/folders/trip?sort=name\">"))
            #expect(page.contains("<button type=\"submit\" name=\"set\" value=\"list\">List</button>"))
            // a GET changes nothing: it is refused
            #expect(try await form.get("/view?set=list&back=%2Ffolders%2Ftrip").status == .methodNotAllowed)
            #expect(try await form.get("/folders/trip").text.contains("<strong aria-current=\"true\">Medium</strong>"))
            // choosing the list sets a long-lived cookie and goes back
            let set = try await form.post("/view", [("set", "list"), ("back", "/folders/trip?sort=name")])
            #expect(set.status == .seeOther)
            #expect(set.headers[.location] == "/folders/trip?sort=name")
            let cookie = try #require(set.headers[values: .setCookie].first { $0.hasPrefix("photolala_view=list") })
            #expect(cookie.contains("Max-Age=31536000"))
            // and the page, asked again with it, is a table of name, date, size and stars
            let list = try await form.keeping("photolala_view", from: set).get("/folders/trip?sort=name").text
            #expect(list.contains("<table class=\"listview\">"))
            #expect(!list.contains("<ul class=\"photos"))
            #expect(list.contains("<td><a href=\"/photos/trip/a.jpg?sort=name\">a.jpg</a></td><td>1 May 2024, 10:20</td>"))
            #expect(list.contains("<td>★★★</td>"))
            #expect(list.contains("<strong aria-current=\"true\">List</strong>"))
            // small tiles are a class on the grid; select mode keeps the grid
            let small = try await form.post("/view", [("set", "small"), ("back", "/folders/trip")])
            let grid = try await form.keeping("photolala_view", from: small).get("/folders/trip").text
            #expect(grid.contains("<ul class=\"photos rows size-small\">"))
            // and its tiles tell the browser how wide they are drawn in small rows (a 4:3 photo, 120 px
            // high on a wide screen, 80 on a phone), so it takes the rendition that fits
            #expect(grid.contains("64w\" sizes=\"(min-width: 700px) 162px, 108px\""))
            let selecting = try await form.keeping("photolala_view", from: set).get("/folders/trip?select=1").text
            #expect(selecting.contains("name=\"ids\"") && !selecting.contains("listview"))
            // nonsense is refused, and a foreign "back" goes home
            #expect(try await form.post("/view", [("set", "huge"), ("back", "/")]).status == .badRequest)
            #expect(try await form.post("/view", [("set", "list"), ("back", "https://evil.example/")]).headers[.location] == "/")
            // and a form without the page's token is refused
            #expect(try await form.post("/view", [("set", "list"), ("back", "/")], csrf: "forged").status == .forbidden)
        }
    }

    @Test func aSignedInPersonsLayoutFollowsThemToAnotherBrowserAndIsTheirsAlone() async throws {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        try await f.withClient { client in
            // when max picks the list on his phone
            let phone = try await FormPoster.signIn(client, "max")
            #expect(try await phone.post("/view", [("set", "list"), ("back", "/folders/trip")]).status == .seeOther)
            // then his laptop, which never had the cookie, shows the list too
            let laptop = try await FormPoster.signIn(client, "max")
            #expect(try await laptop.get("/folders/trip").text.contains("<table class=\"listview\">"))
            // and vic, in a browser of her own, still has tiles
            let vic = try await FormPoster.signIn(client, "vic")
            #expect(try await vic.get("/folders/trip").text.contains("<ul class=\"photos rows\">"))
            // the account's choice wins over a cookie left in a shared browser
            let small = try await vic.post("/view", [("set", "small"), ("back", "/")])
            #expect(try await laptop.keeping("photolala_view", from: small).get("/folders/trip").text.contains("listview"))
        }
    }
}
