import Catalog
import Foundation
import TestSupport
import Testing
@testable import ObjectStore

/// What only a bucket does: paged listings, entries that fold the ETag in, and saying why a
/// server cannot be used. The contract every source keeps is `PhotoSourceContractTests`.
@Suite struct S3SourceTests {
    @Test(.enabled(if: S3TestBucket.endpoint != nil)) func aListingFollowsContinuationTokensAcrossPages() async throws {
        // given a bucket with five items, some hidden, and a source that asks for two a page
        let made = try S3TestBucket.makeSource()
        let bucket = S3TestBucket(made)
        for key in ["a.jpg", "b/c.jpg", "b/d e&f.jpg", "g.jpg", ".trash/1/x.jpg", "h/.hidden.jpg", "z.jpg"] { try bucket.put(key, [1, 2]) }
        let source = S3Source(location: made.location, endpoint: made.client.endpoint, credentials: made.client.signer.credentials,
                              region: "us-east-1", maxKeys: 2)
        // when
        let listing = try await source.list()
        // then every page was read, hidden names skipped
        #expect(listing.entries.map(\.key) == ["a.jpg", "b/c.jpg", "b/d e&f.jpg", "g.jpg", "z.jpg"])
        #expect(listing.entries.allSatisfy { $0.size == 2 })
        // and each entry is what a HEAD gives
        for entry in listing.entries { #expect(try await source.entry(forKey: entry.key) == entry) }
    }

    @Test(.enabled(if: S3TestBucket.endpoint != nil)) func aRewriteOfTheSameSizeInTheSameSecondIsAChange() async throws {
        let source = try S3TestBucket.makeSource()
        try S3TestBucket(source).put("a.jpg", [1, 2, 3])
        let before = try #require(try await source.entry(forKey: "a.jpg"))
        try S3TestBucket(source).put("a.jpg", [3, 2, 1])
        let after = try #require(try await source.entry(forKey: "a.jpg"))
        #expect(after.size == before.size && after.mtimeNs != before.mtimeNs)
    }

    @Test(.enabled(if: S3TestBucket.endpoint != nil)) func aLargeFileGoesUpInPartsAndATakenNameIsNeverOverwritten() async throws {
        // given a source that sends files over 5 MiB in parts, and a staged file of three parts
        let made = try S3TestBucket.makeSource()
        let source = S3Source(location: made.location, endpoint: made.client.endpoint, credentials: made.client.signer.credentials,
                              region: "us-east-1", partSize: 5 << 20)
        var random = SeededGenerator(seed: 57)
        let bytes = (0..<(12 << 20) + 1234).map { _ in UInt8.random(in: 0...255, using: &random) }
        let staged = NSTemporaryDirectory() + "photolala-parts-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: staged))
        defer { unlink(staged) }
        // when it is added twice under one name
        let first = try await source.add(stagedFile: staged, folder: "Phones/ada/2024/05", name: "VID_1.mp4")
        let second = try await source.add(stagedFile: staged, folder: "Phones/ada/2024/05", name: "VID_1.mp4")
        // then both are whole, the second under a name of its own
        #expect(first == "Phones/ada/2024/05/VID_1.mp4" && second == "Phones/ada/2024/05/VID_1 (2).mp4")
        #expect(try S3TestBucket(made).bytes(first) == bytes)
        #expect(try await source.entry(forKey: second)?.size == Int64(bytes.count))
        // and no upload is left unfinished in the bucket
        let open = try await source.client.send(source.client.request(.GET, key: nil, query: [("uploads", "")]))
        #expect(open.status == 200 && !String(decoding: open.body, as: UTF8.self).contains("<UploadId>"))
    }

    @Test func aServerThatCannotBeReachedSaysSo() async throws {
        // given a source whose server is not there
        let source = S3Source(location: S3Location(bucket: "photos", prefix: ""), endpoint: try S3Endpoint.custom("http://127.0.0.1:1"),
                              credentials: .init(accessKey: "a", secretKey: "s"), region: "us-east-1")
        // then the health check names it, and listing fails with the reason
        let reason = try #require(await source.unavailableReason())
        #expect(reason.contains("the bucket photos at http://127.0.0.1:1 cannot be reached"), "\(reason)")
        await #expect(throws: SourceError.self) { try await source.list() }
        #expect(!(await source.isWritable()))
        #expect(throws: SourceError.self) { _ = try source.changes() }
    }

    @Test func aDownloadThatFailsIsUnavailableNeverGone() async throws {
        // given a source whose server is not there
        let source = S3Source(location: S3Location(bucket: "photos", prefix: ""), endpoint: try S3Endpoint.custom("http://127.0.0.1:1"),
                              credentials: .init(accessKey: "a", secretKey: "s"), region: "us-east-1")
        // when a batch of files is asked for
        let fetched = await source.localFiles(forKeys: ["a.jpg", "b/c.jpg"])
        // then each could not be read now, which is not its being gone
        #expect(fetched.count == 2 && fetched.allSatisfy { $0.isUnavailable }, "\(fetched)")
        await #expect(throws: SourceError.self) { _ = try await source.localFile(forKey: "a.jpg") }
    }

    @Test func aRefusalNamesTheCredentials() {
        let client = S3Client(http: .shared, signer: SigV4(credentials: .init(accessKey: "a", secretKey: "s"), region: "us-east-1"),
                              endpoint: try! S3Endpoint.custom("http://127.0.0.1:9000"), bucket: "photos")
        let refused = S3Client.Answer(status: 403, headers: [:], body: Array("<Error><Code>InvalidAccessKeyId</Code><Message>no</Message></Error>".utf8))
        #expect(client.problem(refused)
                == "the bucket photos at http://127.0.0.1:9000 answered 403 (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: InvalidAccessKeyId)")
        let missing = S3Client.Answer(status: 404, headers: [:], body: Array("<Error><Code>NoSuchBucket</Code></Error>".utf8))
        #expect(client.problem(missing) == "the bucket photos at http://127.0.0.1:9000 does not exist")
    }
}
