import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct ChangingLibraryTests {
    @Test func filesChangedUnderThePagesGive404OrAPlaceholderNeverAServerError() async throws {
        // given a scanned folder
        let f = try GalleryFixture()
        for i in 1...4 { try f.addJPEG("trip/\(i).jpg", seed: i) }
        try await f.scan()
        try await f.withClient { client in
            let page = try await client.execute(uri: "/folders/trip", method: .get).text
            let thumbs = page.matches(of: #/\/thumbs\/240\/[0-9a-f]{64}\.jpg/#).map { String($0.output) }
            #expect(Set(thumbs).count == 4)
            // when, before any rescan, one file is deleted, one renamed, one overwritten with junk
            try FileManager.default.removeItem(atPath: f.library + "/trip/1.jpg")
            try FileManager.default.moveItem(atPath: f.library + "/trip/2.jpg", toPath: f.library + "/trip/two.jpg")
            try Data("not a picture any more".utf8).write(to: URL(fileURLWithPath: f.library + "/trip/3.jpg"))
            // then every page, original and thumbnail still answers without a server error
            var answers: [String: Int] = [:]
            for uri in ["/folders/trip", "/photos/trip/1.jpg", "/photos/trip/2.jpg", "/photos/trip/3.jpg",
                        "/originals/trip/1.jpg", "/originals/trip/2.jpg", "/originals/trip/3.jpg"] + thumbs
                        + thumbs.map({ $0.replacingOccurrences(of: "/256/", with: "/1600/") }) {
                let response = try await client.execute(uri: uri, method: .get)
                answers[uri] = Int(response.status.code)
                #expect(response.status.code < 500, "\(uri) answered \(response.status.code)")
            }
            // and the vanished files' originals are 404s
            #expect(answers["/originals/trip/1.jpg"] == 404 && answers["/originals/trip/2.jpg"] == 404)
        }
        // and the next scan repairs the catalog
        try await f.scan()
        try await f.withClient { client in
            let page = try await client.execute(uri: "/folders/trip", method: .get).text
            #expect(page.contains("two.jpg") && page.contains("4.jpg") && !page.contains(">1.jpg") && page.contains("2 photos"))
        }
    }
}

@Suite struct ThumbnailSweepTests {
    @Test func temporariesLeftByAKillAreSweptAndFinishedFilesKept() throws {
        let root = NSTemporaryDirectory() + "photolala-sweep-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/ab", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: root + "/ab/.tmp-123", contents: Data([1, 2]))
        FileManager.default.createFile(atPath: root + "/ab/abcd-256.jpg", contents: Data([3]))
        #expect(ThumbnailStore.sweepTemporaries(in: root) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/ab") == ["abcd-256.jpg"])
    }
}

@Suite struct UnmountedLibraryTests {
    @Test func aMissingLibraryRemovesNothingAndEveryPageSaysSo() async throws {
        // given a scanned, curated library
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try await f.scan()
        var config = f.config()
        config.scanOnStart = true
        try await f.withClient { client in
            let form = try await FormPoster.start(client)
            _ = try await form.post("/actions/rate", [("key", "trip/a.jpg"), ("rating", "5")])
        }
        // when its drive is unmounted and the server starts (and scans)
        try FileManager.default.moveItem(atPath: f.library, toPath: f.root + "/unmounted")
        let app = try await buildApplication(config)
        try await app.test(.live) { client in
            var home = ""
            for _ in 0..<100 {
                home = try await client.execute(uri: "/", method: .get).text
                if home.contains("Scan stopped") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            // then every page carries the banner, and the photo and its stars are still there
            #expect(home.contains("Scan stopped") && home.contains("Nothing was removed"))
            let photo = try await client.execute(uri: "/photos/trip/a.jpg", method: .get).text
            #expect(photo.contains("5 of 5 stars") && photo.contains("Scan stopped"))
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .serviceUnavailable)
        }
    }
}
