import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct BrowseRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        for i in 1...5 { try f.addJPEG("2024/Trip/img\(i).jpg", seed: i, exif: ["-DateTimeOriginal=2024:05:0\(i) 10:00:00"]) }
        try f.addJPEG("2024/Trip/Day 2/a b&c.jpg", seed: 20)
        try f.addJPEG("root.jpg", seed: 30)
        try await f.scan()
        return f
    }

    @Test func homeShowsTopFoldersAndTheRootGroup() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // when
            try await client.execute(uri: "/", method: .get) { response in
                // then
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = response.text
                #expect(html.contains("<!DOCTYPE html>"))
                #expect(html.contains("href=\"/folders/2024\""))
                #expect(html.contains("Not in a folder"))
                #expect(html.contains("href=\"/folders\""))
                #expect(html.contains("7 photos"))
                #expect(html.contains("loading=\"lazy\""))
            }
        }
    }

    @Test func everyCollectionCardWithPhotosHasACover() async throws {
        // given dated photos, one rated, one tagged, one a favorite, one in an album
        let f = try await fixture()
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            _ = try await form.post("/actions/rate", [("key", "2024/Trip/img1.jpg"), ("rating", "5")])
            _ = try await form.post("/actions/tag", [("key", "2024/Trip/img2.jpg"), ("tags", "Beach")])
            _ = try await form.post("/actions/favorite", [("key", "2024/Trip/img3.jpg"), ("value", "on")])
            _ = try await form.post("/actions/album-add", [("key", "2024/Trip/img4.jpg"), ("album", "Summer")])
            // when the home page is asked for
            let html = try await form.get("/").text
            // then each of those collections shows a picture, not a grey box
            for alt in ["Cover of My favorites", "Cover of Top rated", "Cover of Tags", "Cover of Timeline", "Cover of an album"] {
                #expect(html.contains("alt=\"\(alt)\""), "\(alt)")
            }
        }
    }

    @Test func groupPageListsSubfoldersThenPagedPhotos() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 2) { client in
            try await client.execute(uri: "/folders/2024/Trip", method: .get) { response in
                #expect(response.status == .ok)
                let html = response.text
                #expect(html.contains("href=\"/folders/2024/Trip/Day%202\""))
                #expect(html.contains("rel=\"next\" href=\"/folders/2024/Trip?page=2\""))
                #expect(!html.contains("rel=\"prev\""))
                #expect(html.contains("href=\"/photos/2024/Trip/img1.jpg\""))
                #expect(!html.contains("img3.jpg"))
                // every tile's picture is lazy, sized (as its 64×48 photo), described and has its sources, inside its photo link
                let imgs = (html.components(separatedBy: "<ul class=\"photos rows\">").last ?? "").components(separatedBy: "<img ").dropFirst()
                #expect(!imgs.isEmpty)
                for img in imgs {
                    for attribute in ["loading=\"lazy\"", "decoding=\"async\"", "width=\"64\"", "height=\"48\"", "alt=\"", "srcset=\"", "sizes=\""] {
                        #expect(img.contains(attribute), "missing \(attribute)")
                    }
                }
                #expect(html.contains("<a href=\"/photos/2024/Trip/img1.jpg\" title=\"img1.jpg\"><picture><source type=\"image/webp\" "))
            }
            try await client.execute(uri: "/folders/2024/Trip?page=3&sort=taken&order=asc", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("rel=\"prev\" href=\"/folders/2024/Trip?page=2\""))
                #expect(response.text.contains("img5.jpg"))
                #expect(!response.text.contains("Day 2"))  // subfolders on page 1 only
            }
            try await client.execute(uri: "/folders/2024/Trip?sort=name&order=desc", method: .get) { response in
                #expect(response.text.contains("/photos/2024/Trip/img5.jpg?sort=name&amp;order=desc"))
            }
        }
    }

    @Test func rootPhotosHaveTheirOwnGroup() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            try await client.execute(uri: "/folders", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("/photos/root.jpg"))
                #expect(response.text.contains("href=\"/folders/2024\""))
            }
        }
    }

    @Test func badGroupRequestsGetClearErrors() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 2) { client in
            let cases: [(String, HTTPResponse.Status, String)] = [
                ("/folders/2024/Trip?page=9", .notFound, "Page 9 does not exist"),
                ("/folders/2024/Trip?page=0", .badRequest, "not a page number"),
                ("/folders/2024/Trip?page=abc", .badRequest, "not a page number"),
                ("/folders/2024/Trip?sort=evil", .badRequest, "Unknown sort"),
                ("/folders/2024/Trip?order=sideways", .badRequest, "Unknown sort"),
                ("/folders/Nowhere", .notFound, "no folder"),
                ("/folders/..%2F..%2Fetc", .notFound, "no such folder"),
                ("/no/such/page", .notFound, "Not found"),
            ]
            for (uri, status, words) in cases {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status, "\(uri)")
                    #expect(response.text.contains(words), "\(uri)")
                    #expect(response.text.contains("Back to the library"), "\(uri)")
                }
            }
        }
    }

    @Test func photoPageHasNeighboursPositionAndFacts() async throws {
        let f = try await fixture()
        try await f.withClient(pageSize: 2) { client in
            try await client.execute(uri: "/photos/2024/Trip/img3.jpg", method: .get) { response in
                #expect(response.status == .ok)
                let html = response.text
                #expect(html.contains("rel=\"prev\" accesskey=\"p\" href=\"/photos/2024/Trip/img2.jpg\""))
                #expect(html.contains("rel=\"next\" accesskey=\"n\" href=\"/photos/2024/Trip/img4.jpg\""))
                #expect(html.contains("3 of 5"))
                #expect(html.contains("href=\"/folders/2024/Trip?page=2#p"))
                #expect(html.contains("3 May 2024, 10:00"))
                #expect(html.contains("64 × 48"))
                #expect(html.contains("href=\"/originals/2024/Trip/img3.jpg\" download=\"img3.jpg\""))
                #expect(html.contains("/thumbs/1600/"))
            }
            try await client.execute(uri: "/photos/2024/Trip/Day%202/a%20b%26c.jpg", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("a b&amp;c.jpg"))
                #expect(response.text.contains("1 of 1"))
            }
            try await client.execute(uri: "/photos/2024/Trip/nope.jpg", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func scanPageAndStylesheetLoad() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            try await client.execute(uri: "/scan", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("<progress"))
            }
            try await client.execute(uri: "/static/style.css", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("prefers-color-scheme"))
            }
        }
    }
}
