import CompressNIO
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing
@testable import Gallery

@Suite struct CompressionRouteTests {
    @Test func pagesGoOutGzippedWhenTheBrowserTakesGzipAndAsTheyAreOtherwise() async throws {
        let f = try GalleryFixture()
        for i in 1...30 { try f.addJPEG(String(format: "trip/IMG_%03d.jpg", i), seed: i) }
        try await f.scan()
        try await f.withClient { client in
            let plain = try await client.execute(uri: "/folders/trip", method: .get)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[values: .vary].joined(separator: ",").contains("Accept-Encoding"))
            let packed = try await client.execute(uri: "/folders/trip", method: .get, headers: [.acceptEncoding: "gzip, deflate, br"])
            #expect(packed.status == .ok)
            #expect(packed.headers[.contentEncoding] == "gzip")
            #expect(packed.headers[values: .vary].joined(separator: ",").contains("Accept-Encoding"))
            #expect(packed.body.readableBytes * 3 < plain.body.readableBytes, "\(packed.body.readableBytes) of \(plain.body.readableBytes)")
            // the same page, but for the per-visitor CSRF token each answer carries
            let token = #/value="[0-9a-f]{64}"/#
            #expect(try gunzip(packed.body).replacing(token, with: "") == String(buffer: plain.body).replacing(token, with: ""))
            // refused by weight, it is not used
            #expect(try await client.execute(uri: "/folders/trip", method: .get, headers: [.acceptEncoding: "gzip;q=0, identity"])
                .headers[.contentEncoding] == nil)
            // an error page is compressed like any page
            let missing = try await client.execute(uri: "/folders/nowhere", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(missing.status == .notFound && missing.headers[.contentEncoding] == "gzip")
            #expect(try gunzip(missing.body).contains("<h1>"))
            // images and tiny answers are sent as they are
            let sha = try #require(String(buffer: plain.body).firstMatch(of: #/thumbs/240/([0-9a-f]{64})\.jpg/#).map { String($0.output.1) })
            let thumb = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(thumb.headers[.contentEncoding] == nil && thumb.headers[.contentType] == "image/jpeg")
            #expect(try await client.execute(uri: "/healthz", method: .get, headers: [.acceptEncoding: "gzip"]).headers[.contentEncoding] == nil)
            // HEAD says what GET would send
            let head = try await client.execute(uri: "/folders/trip", method: .head, headers: [.acceptEncoding: "gzip"])
            #expect(head.status == .ok && head.headers[.contentEncoding] == "gzip" && head.body.readableBytes == 0)
        }
    }

    @Test func staticFilesComeFromMemoryWithAnETagAndAGzipCopy() async throws {
        let f = try GalleryFixture()
        try await f.withClient { client in
            let css = try await client.execute(uri: "/static/style.css", method: .get)
            #expect(css.status == .ok && css.headers[.contentEncoding] == nil)
            let original = try String(contentsOfFile: GalleryFixture.resources + "/Public/style.css", encoding: .utf8)
            #expect(String(buffer: css.body) == original)
            let etag = try #require(css.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.count == 26)
            let packed = try await client.execute(uri: "/static/style.css", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(packed.headers[.contentEncoding] == "gzip" && packed.headers[.eTag] == etag)
            #expect(try gunzip(packed.body) == original)
            #expect(packed.body.readableBytes * 3 < css.body.readableBytes)
            // a repeat visit is a 304 with no body
            let again = try await client.execute(uri: "/static/style.css", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            // images stay as they are; unknown, hidden and nested names are 404
            let icon = try await client.execute(uri: "/static/favicon.svg", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(icon.status == .ok)
            for name in ["nope.css", ".hidden.css", "..%2Fstyle.css", "style.css.bak"] {
                #expect(try await client.execute(uri: "/static/\(name)", method: .get).status == .notFound, "\(name)")
            }
        }
    }

    @Test func acceptEncodingIsReadAsTheStandardSays() {
        let yes = ["gzip", "GZIP", "deflate, gzip", "gzip;q=0.5", "x-gzip", "*", "br;q=1, *;q=0.1", " gzip ; q=1 ", "gzip;q=1.0"]
        let no = [nil, "", "identity", "br", "gzip;q=0", "gzip; q=0.0", "*;q=0", "gzip;q=0, *", "gzip;q=nonsense", "gzip;q=2", ",,,;;;==="]
        for header in yes { #expect(AcceptEncoding.allowsGzip(header), "\(header)") }
        for header in no { #expect(!AcceptEncoding.allowsGzip(header), "\(String(describing: header))") }
        // a comma followed by a combining mark is one Character, but still two items
        #expect(AcceptEncoding.allowsGzip("br,\u{07AB}x, gzip"))
        #expect(!AcceptEncoding.allowsGzip("gzip;q=0,\u{0301}gzip2"))
    }

    @Test func textTypesAreCompressibleWhateverTheirCaseAndImagesAreNot() {
        for type in ["text/html; charset=utf-8", "TEXT/CSS", "Text/Plain;charset=utf-8", "image/svg+xml", "application/json"] {
            #expect(Compression.isCompressible(type), "\(type)")
        }
        for type in [nil, "", "image/jpeg", "text/htmlx", "text/htm", " text/html", "video/mp4", "text/html\u{301}"] {
            #expect(!Compression.isCompressible(type), "\(String(describing: type))")
        }
    }
}
