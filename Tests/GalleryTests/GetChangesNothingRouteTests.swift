@testable import Catalog
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import TestSupport
import Synchronization
import Testing
@testable import Gallery

/// No GET or HEAD changes anything stored: a crawler, a link prefetcher or a page that embeds an
/// address can only read. Every GET link of every page, as each kind of visitor, is followed, and
/// the catalog's data must read the same after it.
@Suite struct GetChangesNothingRouteTests {
    /// What the catalog holds that a visit could change (sessions keep their last use, which is the
    /// one thing a GET may move on).
    static let tables = ["photo", "file", "folder", "tag", "photoTag", "removedTag", "favorite", "trash", "account", "shareLink",
                         "album", "albumPhoto", "undo", "scanIssue"]

    static func snapshot(_ store: CatalogStore) async throws -> [String: [String]] {
        try await store.pool.read { db in
            var out: [String: [String]] = [:]
            for table in tables {
                out[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { $0.description }.sorted()
            }
            return out
        }
    }

    /// The site-relative addresses a page links to, as a browser reads them (links and form
    /// addresses; a page's images are renditions, made in the data folder, never the catalog, and
    /// decoding each of them would only load the machine the other suites share).
    static func links(in html: String) -> [String] {
        html.matches(of: #/(?:href|action)="(/[^"]*)"/#).compactMap { match -> String? in
            let link = String(match.output.1).replacingOccurrences(of: "&amp;", with: "&")
            return link.hasPrefix("//") ? nil : link.components(separatedBy: "#")[0]
        }
    }

    /// Follows every GET link from `start` (at most `limit` addresses) as `visitor`.
    static func crawl(_ visitor: FormPoster, from start: [String], limit: Int = 160) async throws -> Int {
        var queue = start
        var seen = Set(start)
        var visited = 0
        while !queue.isEmpty, visited < limit {
            let path = queue.removeFirst()
            let response = try await visitor.get(path)
            visited += 1
            for method in [HTTPRequest.Method.head] { _ = try await visitor.get(path, method: method) }
            guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
            for link in links(in: response.text) where !seen.contains(link) && !link.hasPrefix("/logout") {
                seen.insert(link)
                queue.append(link)
            }
        }
        return visited
    }

    @Test func followingEveryLinkAsEveryKindOfVisitorChangesNothingStored() async throws {
        // given a household's library: folders, stars, tags, a favorite, an album, a caption,
        // something in the trash, and links of several kinds
        let f = try GalleryFixture()
        f.guestRole = .viewer
        for i in 0..<4 { try f.addJPEG("trip/\(i).jpg", seed: i, exif: ["-DateTimeOriginal=2024:05:0\(i + 1) 10:00:00"]) }
        try f.addJPEG("home/cat.jpg", seed: 9)
        try f.addJPEG("home/old.jpg", seed: 10)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        let tokens = Mutex<[String]>([])
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            _ = try await ada.post("/actions/rate", [("key", "trip/0.jpg"), ("rating", "4")])
            _ = try await ada.post("/actions/tag", [("key", "trip/1.jpg"), ("tags", "beach")])
            _ = try await ada.post("/actions/favorite", [("key", "trip/2.jpg"), ("value", "on")])
            _ = try await ada.post("/actions/caption", [("key", "home/cat.jpg"), ("caption", "Our cat")])
            _ = try await ada.post("/actions/album-add", [("key", "trip/3.jpg"), ("album", "Party")])
            _ = try await ada.post("/actions/delete", [("key", "home/old.jpg")])
            for (kind, value, extra) in [("folder", "trip", [(String, String)]()), ("tag", "beach", []), ("album", "1", [("uploads", "1")]),
                                         ("search", "", [("filter", "q=cat")])] {
                let made = try await ada.post("/actions/share", [("kind", kind), ("value", value), ("expires", "0")] + extra)
                let list = try await ada.keeping("photolala_new_share", from: made).get(try #require(made.headers[.location])).text
                let token = try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
                tokens.withLock { $0.append(token) }
            }
        }
        // (what the server does beside the requests, measuring photos' likeness, is done first)
        try await f.measureLikeness()
        let store = try CatalogStore.open(dataFolder: f.data)
        let before = try await Self.snapshot(store)
        #expect(before["shareLink"]?.count == 4 && before["trash"]?.count == 1 && before["albumPhoto"]?.count == 1)
        // when every GET link is followed by a guest, a viewer, a member, an admin and each link's holder
        try await f.withClient { client in
            var visits = 0
            visits += try await Self.crawl(try await FormPoster.start(client), from: ["/"])
            for name in ["vic", "max", "ada"] {
                visits += try await Self.crawl(try await FormPoster.signIn(client, name), from: ["/", "/trash", "/shared", "/albums", "/account"])
            }
            for token in tokens.withLock({ $0 }) {
                visits += try await Self.crawl(try await FormPoster.start(client, page: "/share/\(token)"), from: ["/share/\(token)"])
            }
            #expect(visits > 100)
        }
        // then nothing stored changed
        let after = try await Self.snapshot(store)
        for table in Self.tables { #expect(after[table] == before[table], "\(table)") }
    }
}
