import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@Suite struct MetricsRouteTests {
    @Test func metricsNeedTheTokenAndCountRequestsThumbnailsAndPhotos() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        var config = f.config()
        config.metricsToken = "0123456789abcdef-token"
        let app = try await buildApplication(config)
        try await app.test(.router) { client in
            // without the token: refused
            let refused = try await client.execute(uri: "/metrics", method: .get)
            #expect(refused.status == .unauthorized && refused.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            #expect(try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer wrong"]).status == .unauthorized)
            // some traffic: a page, a thumbnail made, then served from cache
            _ = try await client.execute(uri: "/folders/trip", method: .get)
            let page = try await client.execute(uri: "/folders/trip", method: .get).text
            let thumb = try #require(page.firstMatch(of: #/\/thumbs\/240\/[0-9a-f]{64}\.jpg/#).map { String($0.output) })
            _ = try await client.execute(uri: thumb, method: .get)
            _ = try await client.execute(uri: thumb, method: .get)
            // with the token: Prometheus text with what happened
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer 0123456789abcdef-token"])
            #expect(metrics.status == .ok && metrics.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.text
            #expect(text.contains(#"photolala_http_requests_total{route="/folders/**",method="GET",status="200"} 2"#))
            #expect(text.contains(#"photolala_http_request_duration_seconds_bucket{route="/folders/**""#))
            #expect(text.contains("photolala_thumbnails_generated_total 1"))
            #expect(text.contains("photolala_thumbnails_cached_total 1"))
            #expect(text.contains("photolala_library_photos 2") && text.contains("photolala_library_files 2"))
            #expect(text.contains("photolala_scan_running 0"))
        }
    }

    @Test func withoutATokenThereIsNoMetricsRouteOnTheMainPort() async throws {
        let f = try GalleryFixture()
        try await f.withClient { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .notFound)
        }
    }
}
