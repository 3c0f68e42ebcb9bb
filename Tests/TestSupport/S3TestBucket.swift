import AsyncHTTPClient
import Catalog
import Foundation
import NIOCore
import NIOHTTP1
@testable import ObjectStore

/// A bucket of its own on the test S3 server (`PHOTOLALA_TEST_S3_ENDPOINT`, started by
/// scripts/test.sh), with what tests do to a library behind the source's back: put, remove, copy
/// and move objects, and take the whole bucket away. These calls block the calling thread on
/// the HTTP client's own event loops (never on Swift's cooperative pool), so synchronous test
/// helpers can use them.
public struct S3TestBucket: Sendable {
    /// The test server's address, or nil when none is set (then `SourceKind.s3` is not tested).
    public static var endpoint: String? {
        ProcessInfo.processInfo.environment["PHOTOLALA_TEST_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }
    }

    public let source: S3Source

    public init(_ source: S3Source) { self.source = source }

    /// A source over a new, empty bucket on the test server, under a prefix, so the keys the
    /// source uses and the object keys differ as they do in use.
    public static func makeSource() throws -> S3Source {
        guard let endpoint else { throw SourceError.unavailable("PHOTOLALA_TEST_S3_ENDPOINT is not set.") }
        let bucket = "photolala-test-" + UUID().uuidString.lowercased().prefix(23)
        let source = S3Source(location: S3Location(bucket: bucket, prefix: "library/"), endpoint: try S3Endpoint.custom(endpoint),
                              credentials: SigV4.Credentials(accessKey: "testing", secretKey: "testing"), region: "us-east-1")
        let made = try S3TestBucket(source).send(.PUT, objectKey: nil)
        guard (200..<300).contains(made.status) else { throw SourceError.unavailable("The test bucket could not be made (\(made.status)).") }
        return source
    }

    /// A rendition store over a new, empty bucket on the test server, under a prefix, and the
    /// bucket's helper (whose library keys are then the store's object keys less `renditions/`).
    public static func makeRenditionStore() throws -> (store: S3RenditionStore, bucket: S3TestBucket) {
        guard let endpoint else { throw SourceError.unavailable("PHOTOLALA_TEST_S3_ENDPOINT is not set.") }
        let name = "photolala-test-" + UUID().uuidString.lowercased().prefix(23)
        let credentials = SigV4.Credentials(accessKey: "testing", secretKey: "testing")
        let source = S3Source(location: S3Location(bucket: name, prefix: "renditions/"), endpoint: try S3Endpoint.custom(endpoint),
                              credentials: credentials, region: "us-east-1")
        let bucket = S3TestBucket(source)
        let made = try bucket.send(.PUT, objectKey: nil)
        guard (200..<300).contains(made.status) else { throw SourceError.unavailable("The test bucket could not be made (\(made.status)).") }
        let store = S3RenditionStore(location: source.location, endpoint: try S3Endpoint.custom(endpoint), credentials: credentials, region: "us-east-1")
        return (store, bucket)
    }

    /// Writes (or replaces) the library item at `key`.
    public func put(_ key: String, _ bytes: [UInt8]) throws {
        let answer = try send(.PUT, objectKey: source.objectKey(key), body: bytes)
        guard (200..<300).contains(answer.status) else { throw SourceError.unavailable("PUT \(key): \(answer.status)") }
    }

    /// Removes the library item at `key`.
    public func remove(_ key: String) throws {
        _ = try send(.DELETE, objectKey: source.objectKey(key))
    }

    /// The bytes of the library item at `key`, or nil.
    public func bytes(_ key: String) throws -> [UInt8]? {
        let answer = try send(.GET, objectKey: source.objectKey(key))
        return answer.status == 200 ? answer.body : nil
    }

    /// Copies the item at `from` to `to`.
    public func copy(_ from: String, to: String) throws {
        guard let bytes = try bytes(from) else { throw SourceError.notFound(from) }
        try put(to, bytes)
    }

    /// Moves the item at `from` to `to`, as a rename would (in a bucket: a copy, then a delete).
    public func move(_ from: String, to: String) throws {
        try copy(from, to: to)
        try remove(from)
    }

    /// Every object key in the bucket under `prefix`, sorted.
    public func objectKeys(under prefix: String = "") throws -> [String] {
        var keys: [String] = []
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", prefix)]
            if let token { query.append(("continuation-token", token)) }
            let answer = try send(.GET, objectKey: nil, query: query)
            guard answer.status == 200, let page = S3XML.listPage(answer.body) else { throw SourceError.unavailable("list: \(answer.status)") }
            keys += page.objects.map(\.key)
            token = page.nextContinuationToken
        } while token != nil
        return keys.sorted()
    }

    /// The trash's keys, sorted.
    public var trashKeys: [String] {
        let top = source.trashObjectKey("")
        return ((try? objectKeys(under: top)) ?? []).map { String($0.dropFirst(top.count)) }
    }

    /// Takes the bucket away, as an unmounted drive would be: every object, then the bucket.
    public func takeAway() throws {
        for key in try objectKeys() { _ = try send(.DELETE, objectKey: key) }
        _ = try send(.DELETE, objectKey: nil)
    }

    /// One signed request, waited for.
    func send(_ method: HTTPMethod, objectKey: String?, query: [(String, String)] = [], body: [UInt8] = []) throws -> S3Client.Answer {
        let client = source.client
        let path = client.endpoint.path(bucket: client.bucket, key: objectKey)
        let queryText = query.map { SigV4.uriEncode($0.0, keepSlash: false) + "=" + SigV4.uriEncode($0.1, keepSlash: false) }.joined(separator: "&")
        let hash = SigV4.sha256Hex(Data(body))
        let signed = client.signer.signedHeaders(method: method.rawValue, host: client.endpoint.hostHeader, path: path, query: query,
                                                 payloadHash: hash, date: Date())
        let request = try HTTPClient.Request(url: client.endpoint.description + path + (queryText.isEmpty ? "" : "?" + queryText),
                                             method: method, headers: HTTPHeaders(signed), body: body.isEmpty ? nil : .bytes(body))
        let response = try client.http.execute(request: request, deadline: .now() + .seconds(30)).wait()
        return S3Client.Answer(status: Int(response.status.code), headers: response.headers,
                               body: response.body.map { Array($0.readableBytesView) } ?? [])
    }
}
