import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct SearchRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        try f.addJPEG("2023/Lake house/sunset.jpg", seed: 1, size: "80x60", exif: ["-DateTimeOriginal=2023:07:01 20:00:00"])
        try f.addJPEG("2023/Lake house/boat.jpg", seed: 2, size: "60x80", exif: ["-DateTimeOriginal=2023:07:02 10:00:00"])
        try f.addJPEG("2024/Birthday/cake.jpg", seed: 3, size: "300x300", exif: ["-DateTimeOriginal=2024:03:05 15:00:00"])
        try f.addJPEG("2024/Birthday/candles.jpg", seed: 4, size: "64x48", exif: ["-DateTimeOriginal=2024:03:05 16:00:00"])
        try await f.scan()
        return f
    }

    private func names(_ html: String) -> [String] {
        html.components(separatedBy: "<li id=\"p").dropFirst().compactMap { chunk in
            guard let r = chunk.range(of: "title=\"") else { return nil }
            return String(chunk[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func textSearchFindsNamesFoldersAndTags() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            _ = try await form.post("/actions/tag", [("key", "2024/Birthday/cake.jpg"), ("tags", "Grandma")])
            #expect(names(try await client.execute(uri: "/search?q=sun", method: .get).text) == ["sunset.jpg"])
            #expect(Set(names(try await client.execute(uri: "/search?q=lake", method: .get).text)) == ["sunset.jpg", "boat.jpg"])
            #expect(names(try await client.execute(uri: "/search?q=grandma", method: .get).text) == ["cake.jpg"])
            #expect(names(try await client.execute(uri: "/search?q=birthday+candles", method: .get).text) == ["candles.jpg"])
            // FTS syntax in the input is just text
            for evil in ["%22*%29+OR+%28", "NEAR%28a+b%29", "%2A", "%22", "a%22b", "%E2%80%94"] {
                let response = try await client.execute(uri: "/search?q=\(evil)", method: .get)
                #expect(response.status == .ok, "\(evil)")
            }
        }
    }

    @Test func filtersNarrowAnyGroupAndStayInTheURL() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            _ = try await form.post("/actions/rate", [("key", "2023/Lake house/boat.jpg"), ("rating", "5")])
            _ = try await form.post("/actions/favorite", [("key", "2024/Birthday/cake.jpg"), ("value", "on")])
            let cases: [(String, Set<String>)] = [
                ("/search?min_rating=4", ["boat.jpg"]),
                ("/search?favorite=1", ["cake.jpg"]),
                ("/search?taken_from=2024-01-01", ["cake.jpg", "candles.jpg"]),
                ("/search?taken_from=2023-07-02&taken_to=2023-07-02", ["boat.jpg"]),
                ("/search?orientation=portrait", ["boat.jpg"]),
                ("/search?orientation=square", ["cake.jpg"]),
                ("/search?orientation=landscape&q=2023", ["sunset.jpg"]),
                ("/folders/2024/Birthday?q=cand", ["candles.jpg"]),
                ("/search?min_size=100&max_size=0.1GB", ["sunset.jpg", "boat.jpg", "cake.jpg", "candles.jpg"]),
                ("/search?min_size=1.5KB", ["cake.jpg"]),
                ("/search?max_size=10", []),
            ]
            for (uri, expected) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                #expect(Set(names(response.text)) == expected, "\(uri)")
            }
            // photo links keep the filter, so prev/next walk the results
            // (a search lists newest first, so A to Z is an order of its own in the URL)
            let html = try await client.execute(uri: "/search?taken_from=2024-01-01&sort=name&order=asc", method: .get).text
            #expect(html.contains("/photos/2024/Birthday/cake.jpg?sort=name&amp;order=asc&amp;in=all&amp;taken_from=2024-01-01"))
            let photo = try await client.execute(uri: "/photos/2024/Birthday/cake.jpg?sort=name&order=asc&in=all&taken_from=2024-01-01", method: .get).text
            #expect(photo.contains("1 of 2"))
            #expect(photo.contains("rel=\"next\" accesskey=\"n\" href=\"/photos/2024/Birthday/candles.jpg?sort=name&amp;order=asc&amp;in=all&amp;taken_from=2024-01-01\""))
        }
    }

    @Test func searchesAndCollectionsListNewestFirstAndFoldersInTheOrderOfTheirDay() async throws {
        // given photos taken on four days, all carrying one tag
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            for name in ["sunset", "boat", "cake", "candles"] {
                let key = name == "cake" || name == "candles" ? "2024/Birthday/\(name).jpg" : "2023/Lake house/\(name).jpg"
                let tagged = try await form.post("/actions/tag", [("key", key), ("tags", "family"), ("back", "/")])
                #expect(tagged.status == .seeOther, "\(name)")
            }
            // when a search, a tag and a folder are opened with no sort in the address
            let search = names(try await client.execute(uri: "/search", method: .get).text)
            let tag = names(try await client.execute(uri: "/tags/family", method: .get).text)
            let folder = names(try await client.execute(uri: "/folders/2024/Birthday", method: .get).text)
            // then the search and the tag start with the newest photo, and the folder with its first
            #expect(search == ["candles.jpg", "cake.jpg", "boat.jpg", "sunset.jpg"])
            #expect(tag == search)
            #expect(folder == ["cake.jpg", "candles.jpg"])
        }
    }

    @Test func theFiltersStartClosedShowWhatIsOnAsRemovableChipsAndSortIsOfferedOnce() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // a search page before any search: the text field and its button, the filters closed, no chips
            let empty = try await client.execute(uri: "/search", method: .get).text
            #expect(empty.contains("<input id=\"q\" type=\"search\" name=\"q\" value=\"\""))
            #expect(empty.contains("<details class=\"filters\">\n<summary>Filters</summary>"))
            #expect(!empty.contains("class=\"chips\""))
            #expect(names(empty).count == 4, "the photos are on the page under the form")
            // sort is in the sort bar only, not in the form
            #expect(!empty.contains("<select name=\"sort\""))
            #expect(!empty.contains("<select name=\"order\""))

            // a search with three filters and a sort of its own
            let uri = "/search?q=lake&min_rating=0&orientation=portrait&taken_from=2023-07-01&sort=name"
            let html = try await client.execute(uri: uri, method: .get).text
            #expect(names(html) == ["boat.jpg"])
            #expect(html.contains("<summary>Filters · 3 on</summary>"))
            #expect(!html.contains("<details class=\"filters\" open"))
            // each chip removes its own filter and keeps the others and the sort
            let chips = [("Text: lake", "/search?sort=name&amp;taken_from=2023-07-01&amp;orientation=portrait"),
                         ("Taken from 2023-07-01", "/search?sort=name&amp;q=lake&amp;orientation=portrait"),
                         ("Portrait", "/search?sort=name&amp;q=lake&amp;taken_from=2023-07-01")]
            for (label, url) in chips {
                #expect(html.contains("<a href=\"\(url)\" aria-label=\"Remove filter: \(label)\">\(label) <span aria-hidden=\"true\">×</span></a>"), "\(label)")
            }
            #expect(html.contains("<a class=\"clear\" href=\"/search?sort=name\">Clear all</a>"))
            // the form sends the sort along, so filtering does not undo it
            #expect(html.contains("<input type=\"hidden\" name=\"sort\" value=\"name\">"))
            #expect(!html.contains("name=\"order\""))
            // and following a chip leaves the other filters on
            let fewer = try await client.execute(uri: "/search?sort=name&q=lake&orientation=portrait", method: .get).text
            #expect(names(fewer) == ["boat.jpg"])
            #expect(fewer.contains("<summary>Filters · 2 on</summary>"))

            // a folder's page: the same form in one closed summary, text field inside
            let folder = try await client.execute(uri: "/folders/2024/Birthday?min_size=1.5KB", method: .get).text
            #expect(folder.contains("<summary>Search and filter · 1 on</summary>"))
            #expect(folder.contains("aria-label=\"Remove filter: At least 1.5 KB\""))
            #expect(folder.contains("<a class=\"clear\" href=\"/folders/2024/Birthday\">Clear all</a>"))
            #expect(!folder.contains("id=\"q\""))
        }
    }

    @Test func badFilterValuesAre400sNamingTheParameter() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            for (query, name) in [("min_rating=9", "min_rating"), ("taken_from=yesterday", "taken_from"), ("taken_to=2024-02-30", "taken_to"),
                                  ("min_size=big", "min_size"), ("orientation=round", "orientation"), ("favorite=maybe", "favorite"),
                                  ("sort=color", "Unknown sort"), ("q=\(String(repeating: "a", count: 201))", "q:")] {
                let response = try await client.execute(uri: "/search?\(query)", method: .get)
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.text.contains(name), "\(query)")
            }
        }
    }

    @Test func virtualGroupsListTheirPhotos() async throws {
        let f = try await fixture()
        try FileManager.default.copyItem(atPath: f.library + "/2023/Lake house/boat.jpg", toPath: f.library + "/boat copy.jpg")
        try await f.scan()
        try await f.withClient { client in
            let dupes = try await client.execute(uri: "/duplicates", method: .get).text
            #expect(Set(names(dupes)) == ["boat.jpg", "boat copy.jpg"])
            #expect(Set(names(try await client.execute(uri: "/recent", method: .get).text)).count == 4)  // each photo once
            let home = try await client.execute(uri: "/", method: .get).text
            for link in ["/favorites", "/top-rated", "/tags", "/recent", "/duplicates", "/trash"] {
                #expect(home.contains("href=\"\(link)\""), "\(link)")
            }
            #expect(try await client.execute(uri: "/photos/boat%20copy.jpg", method: .get).text.contains("Same bytes at"))
        }
    }
}
