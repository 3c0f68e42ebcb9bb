import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@Suite struct RenditionBudgetRouteTests {
    /// Cached rendition files under the data folder and their bytes.
    private func cached(_ f: GalleryFixture) -> (files: Int, bytes: Int) {
        let root = f.data + "/thumbnails"
        var files = 0, bytes = 0
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] where name.hasSuffix(".jpg") {
                files += 1
                bytes += ((try? FileManager.default.attributesOfItem(atPath: root + "/" + folder + "/" + name)[.size]) as? Int) ?? 0
            }
        }
        return (files, bytes)
    }

    @Test func theCacheKeepsToItsBudgetAndMakesAgainWhatItDropped() async throws {
        // given six photos whose tile renditions are alike in size, and a cache allowed about three of them
        let f = try GalleryFixture()
        for i in 1...6 { try f.addJPEG("trip/\(i).jpg", seed: i, size: "300x200") }
        try await f.scan()
        let sizing = try await buildApplication(f.config())
        let (shas, firstBytes) = try await sizing.test(.router) { client in
            let page = try await client.execute(uri: "/folders/trip", method: .get).text
            // each tile names its rendition in src and srcset: once each, in the page's order
            var shas: [String] = []
            for match in page.matches(of: #/\/thumbs\/240\/([0-9a-f]{64})\.jpg/#) where !shas.contains(String(match.output.1)) {
                shas.append(String(match.output.1))
            }
            var bytes: [String: ByteBuffer] = [:]
            for sha in shas { bytes[sha] = try await client.execute(uri: "/thumbs/240/\(sha).jpg", method: .get).body }
            return (shas, bytes)
        }
        #expect(shas.count == 6)
        let largest = firstBytes.values.map(\.readableBytes).max() ?? 0
        try FileManager.default.removeItem(atPath: f.data + "/thumbnails")
        var config = f.config()
        config.renditionCache = .bytes(Int64(largest * 3 + largest / 2))
        config.metricsToken = "0123456789abcdef-token"
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            // when all six are asked for in turn
            for sha in shas {
                let response = try await client.execute(uri: "/thumbs/240/\(sha).jpg", method: .get)
                #expect(response.status == .ok && response.body == firstBytes[sha])
            }
            // then the oldest were removed in the background, down to nine tenths of the budget
            for _ in 0..<200 where cached(f).files > 3 { try await Task.sleep(for: .milliseconds(10)) }
            let (files, bytes) = cached(f)
            #expect(files <= 3 && bytes <= largest * 3 + largest / 2)
            // and the first one, dropped, is made again byte for byte when asked for
            let again = try await client.execute(uri: "/thumbs/240/\(shas[0]).jpg", method: .get)
            #expect(again.status == .ok && again.body == firstBytes[shas[0]])
            // and the metrics say what the cache holds and did: one hit (the newest, asked for again) in eight
            #expect(try await client.execute(uri: "/thumbs/240/\(shas[5]).jpg", method: .get).status == .ok)
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer 0123456789abcdef-token"]).text
            #expect(metrics.contains("photolala_thumbnails_generated_total 7"))
            #expect(metrics.contains("photolala_rendition_cache_hit_ratio 0.125"))
            let evicted = try #require(metrics.firstMatch(of: #/photolala_rendition_cache_evicted (\d+)/#).flatMap { Int($0.output.1) })
            #expect(evicted >= 3)
            #expect(metrics.contains("photolala_rendition_cache_bytes "))
        }
    }

    @Test func aRenditionRemovedBehindTheCachesBackIsMadeAgainNotAnError() async throws {
        // given a served grid rendition
        let f = try GalleryFixture()
        try f.addJPEG("a.jpg", seed: 7)
        try await f.scan()
        try await f.withClient { client in
            let page = try await client.execute(uri: "/", method: .get).text
            let uri = try #require(page.firstMatch(of: #/\/thumbs\/256\/[0-9a-f]{64}\.jpg/#).map { String($0.output) })
            let first = try await client.execute(uri: uri, method: .get)
            // when someone empties the cache folder by hand
            try FileManager.default.removeItem(atPath: f.data + "/thumbnails")
            // then the next request makes it again
            let again = try await client.execute(uri: uri, method: .get)
            #expect(again.status == .ok && again.body == first.body)
        }
    }
}
