import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Renditions and originals, read through a folder on disk and an in-memory source alike.
@Suite struct FileRouteTests {
    private func fixture(_ kind: SourceKind) async throws -> GalleryFixture {
        let f = try GalleryFixture(kind)
        try f.addJPEG("a/photo.jpg", seed: 1, size: "300x200")
        try f.addBytes("a/broken.jpg", [0xFF, 0xD8, 0xFF, 0xDB] + Array(repeating: 7, count: 600))
        try await f.scan()
        return f
    }

    private func thumbnailHash(in html: String) -> String? {
        guard let r = html.range(of: "/thumbs/1600/") else { return nil }
        return String(html[r.upperBound...].prefix(64))
    }

    @Test(arguments: SourceKind.allCases) func thumbnailsAreImmutableWithETagsAnd304(_ kind: SourceKind) async throws {
        let f = try await fixture(kind)
        try await f.withClient { client in
            let html = try await client.execute(uri: "/photos/a/photo.jpg", method: .get).text
            let sha = try #require(thumbnailHash(in: html))
            let first = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/jpeg")
            #expect(first.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(first.headers[.eTag])
            #expect(Array(first.body.readableBytesView.prefix(2)) == [0xFF, 0xD8])
            #expect(FileManager.default.fileExists(atPath: "\(f.data)/thumbnails/\(sha.prefix(2))/\(sha)-256.jpg"))
            let again = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test(arguments: SourceKind.allCases) func concurrentRequestsForOneRenditionAllSucceed(_ kind: SourceKind) async throws {
        let f = try await fixture(kind)
        try await f.withClient { client in
            let sha = try #require(thumbnailHash(in: try await client.execute(uri: "/photos/a/photo.jpg", method: .get).text))
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<8 { group.addTask { try await client.execute(uri: "/thumbs/512/\(sha).jpg", method: .get).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok } && statuses.count == 8)
            let folder = "\(f.data)/thumbnails/\(sha.prefix(2))"
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(files == ["\(sha)-512.jpg"])  // one rendition, no temp files left
        }
    }

    @Test(arguments: SourceKind.allCases) func unknownSizesAndHashesAre404(_ kind: SourceKind) async throws {
        let f = try await fixture(kind)
        try await f.withClient { client in
            let sha = try #require(thumbnailHash(in: try await client.execute(uri: "/photos/a/photo.jpg", method: .get).text))
            for uri in ["/thumbs/300/\(sha).jpg", "/thumbs/256/\(String(repeating: "0", count: 64)).jpg",
                        "/thumbs/256/nothex.jpg", "/thumbs/256/\(sha).png", "/thumbs/abc/\(sha).jpg"] {
                #expect(try await client.execute(uri: uri, method: .get).status == .notFound, "\(uri)")
            }
        }
    }

    @Test(arguments: SourceKind.allCases) func originalsServeBytesAndRanges(_ kind: SourceKind) async throws {
        let f = try await fixture(kind)
        let bytes = try #require(try await f.bytes("a/photo.jpg"))
        try await f.withClient { client in
            let whole = try await client.execute(uri: "/originals/a/photo.jpg", method: .get)
            #expect(whole.status == .ok)
            #expect(whole.headers[.contentType] == "image/jpeg")
            #expect(whole.headers[.contentLength] == String(bytes.count))
            #expect(Data(whole.body.readableBytesView) == bytes)
            let part = try await client.execute(uri: "/originals/a/photo.jpg", method: .get, headers: [.range: "bytes=2-9"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 2-9/\(bytes.count)")
            #expect(Data(part.body.readableBytesView) == bytes[2...9])
            let bad = try await client.execute(uri: "/originals/a/photo.jpg", method: .get, headers: [.range: "bytes=999999-"])
            #expect(bad.status == .rangeNotSatisfiable)
        }
    }

    @Test(arguments: SourceKind.allCases) func aLargeOriginalStreamsWholeAndInRangesAcrossChunks(_ kind: SourceKind) async throws {
        // given a photo several read chunks long (a JPEG with bytes after its end, as some cameras write)
        let f = try GalleryFixture(kind)
        var random = SeededGenerator(seed: 7)
        let bytes = try TestImages.jpeg(seed: 3) + (0..<400_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        try f.addBytes("big/photo.jpg", bytes)
        try await f.scan()
        try await f.withClient { client in
            // when it is fetched whole, then every byte arrives
            let whole = try await client.execute(uri: "/originals/big/photo.jpg", method: .get)
            #expect(whole.status == .ok && whole.headers[.contentLength] == String(bytes.count))
            #expect(Array(whole.body.readableBytesView) == bytes)
            // and a range across chunk boundaries is exactly that range
            let part = try await client.execute(uri: "/originals/big/photo.jpg", method: .get, headers: [.range: "bytes=100000-300000"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 100000-300000/\(bytes.count)")
            #expect(Array(part.body.readableBytesView) == Array(bytes[100_000...300_000]))
            let tail = try await client.execute(uri: "/originals/big/photo.jpg", method: .get, headers: [.range: "bytes=-10"])
            #expect(Array(tail.body.readableBytesView) == Array(bytes.suffix(10)))
        }
    }

    @Test(arguments: SourceKind.allCases) func aPhotoGoneSinceTheScanIsNotFound(_ kind: SourceKind) async throws {
        // given a scanned photo removed behind the catalog's back
        let f = try await fixture(kind)
        try f.remove("a/photo.jpg")
        try await f.withClient { client in
            // when its original is asked for, then it is a 404, not a broken answer
            let response = try await client.execute(uri: "/originals/a/photo.jpg", method: .get)
            #expect(response.status == .notFound)
        }
    }

    @Test(arguments: SourceKind.allCases) func nothingOutsideTheLibraryIsServed(_ kind: SourceKind) async throws {
        let f = try await fixture(kind)
        _ = FileManager.default.createFile(atPath: f.root + "/secret.jpg", contents: Data([0xFF, 0xD8, 0xFF]))
        _ = FileManager.default.createFile(atPath: f.root + "/\u{301}secret.jpg", contents: Data([0xFF, 0xD8, 0xFF]))
        if kind == .folder {
            try FileManager.default.createSymbolicLink(atPath: f.library + "/a/link.jpg", withDestinationPath: f.root + "/secret.jpg")
        }
        try await f.withClient { client in
            for uri in ["/originals/../secret.jpg", "/originals/%2e%2e/secret.jpg", "/originals/a/%2e%2e/%2e%2e/secret.jpg",
                        "/originals/a%2F..%2F..%2Fsecret.jpg", "/originals/%252e%252e/secret.jpg", "/originals//etc/passwd",
                        "/originals/a/link.jpg", "/originals/a\\..\\..\\secret.jpg", "/originals/a/photo.jpg%00.png",
                        "/originals\(f.root)/secret.jpg", "/photos/..%2F..%2Fsecret.jpg",
                        // a slash and a combining mark: one Character, but a slash on disk
                        "/originals/..%2F%CC%81secret.jpg", "/originals/a/..%2F..%2F%CC%81secret.jpg"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
            }
        }
    }

    @Test(arguments: SourceKind.allCases) func unreadableImagesGetAPlaceholder(_ kind: SourceKind) async throws {
        let f = try GalleryFixture(kind)
        try f.addJPEG("good.jpg", seed: 1)
        try await f.scan()
        // The file is replaced by junk after the scan: its thumbnail can't be made.
        try f.addBytes("good.jpg", [0xFF, 0xD8, 0xFF, 0xDB] + Array(repeating: 7, count: 100))
        try await f.withClient { client in
            let sha = try #require(thumbnailHash(in: try await client.execute(uri: "/photos/good.jpg", method: .get).text))
            let response = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "public, max-age=300")
            #expect(Array(response.body.readableBytesView.prefix(2)) == [0xFF, 0xD8])
        }
    }
}
