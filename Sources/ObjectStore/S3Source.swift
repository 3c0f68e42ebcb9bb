import AsyncHTTPClient
import SourceContract
import Foundation
import Logging
import NIOHTTP1

/// Photos in an S3-compatible bucket under a key prefix: MinIO, Garage, moto or AWS itself. A
/// library key is the object key less the prefix; trashed items wait under `<prefix>.trash/`,
/// which listings skip as they skip every hidden name.
///
/// What a rescan compares is an object's size, its `LastModified` and its ETag: `SourceEntry`
/// carries size and a modification time, so the ETag is folded into the time's nanoseconds
/// (`LastModified` has whole seconds; the nanoseconds are a hash of the ETag). A rewrite within
/// the same second with the same size still shows as a change, and a listing and a HEAD of one
/// object give the same entry.
///
/// An object store cannot be watched: `changes()` throws `SourceError.cannotWatch`, and the server
/// rescans every `--rescan-interval` minutes instead.
public final class S3Source: PhotoSource {
    /// The bucket and prefix.
    public let location: S3Location
    let client: S3Client
    let logger: Logger
    /// Where temporary copies for the decoders go; removed with the source.
    public let temporaryFolder: String
    /// Objects asked for per listing page (S3 gives at most 1000).
    let maxKeys: Int
    /// Files larger than this go up in parts of this size (S3 takes at most 5 GB in one PUT, and
    /// parts of at least 5 MiB but the last).
    let partSize: Int64

    /// A source over `location` at `endpoint`, signing with `credentials` for `region`.
    public init(location: S3Location, endpoint: S3Endpoint, credentials: SigV4.Credentials, region: String,
                http: HTTPClient = S3HTTP.client, logger: Logger = Logger(label: "photolala.s3"), maxKeys: Int = 1000,
                partSize: Int64 = 64 << 20) {
        self.location = location
        self.maxKeys = maxKeys
        self.partSize = max(5 << 20, partSize)
        client = S3Client(http: http, signer: SigV4(credentials: credentials, region: region), endpoint: endpoint, bucket: location.bucket)
        self.logger = logger
        temporaryFolder = NSTemporaryDirectory() + "photolala-s3-\(UUID().uuidString)"
    }

    deinit { try? FileManager.default.removeItem(atPath: temporaryFolder) }

    /// `s3://photos/library at http://127.0.0.1:9000`.
    public var displayName: String {
        location.description + (client.endpoint.pathStyle ? " at \(client.endpoint)" : "")
    }

    /// The object key of a library key.
    func objectKey(_ key: String) -> String { location.prefix + key }

    /// The object key of a trash key.
    func trashObjectKey(_ trashKey: String) -> String { location.prefix + ".trash/" + trashKey }

    public func unavailableReason() async -> String? { await client.listingProblem(prefix: location.prefix) }

    /// Whether the bucket answers; whether these credentials may write is only known by writing.
    public func isWritable() async -> Bool { await unavailableReason() == nil }

    public func list() async throws -> SourceListing {
        var listing = SourceListing()
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("max-keys", "\(maxKeys)"), ("prefix", location.prefix)]
            if let token { query.append(("continuation-token", token)) }
            let answer = try await client.send(client.request(.GET, key: nil, query: query))
            guard (200..<300).contains(answer.status) else {
                throw SourceError.unavailable("The library \(location) cannot be read: \(client.problem(answer)).")
            }
            guard let page = S3XML.listPage(answer.body) else {
                throw SourceError.unavailable("The library \(location) cannot be read: \(client.place) answered a listing that could not be read.")
            }
            for object in page.objects { take(object, into: &listing) }
            guard token == nil || page.nextContinuationToken != token else {
                throw SourceError.unavailable("The library \(location) cannot be read: \(client.place) repeated a listing page.")
            }
            token = page.nextContinuationToken
        } while token != nil
        return listing
    }

    /// Adds a listed object to the listing unless it is hidden (a name starting with `.`, such as
    /// the trash) or a folder marker; a key that is not a clean key is skipped with the reason.
    private func take(_ object: S3Object, into listing: inout SourceListing) {
        guard object.key.hasPrefix(location.prefix) else { return }
        let key = String(object.key.dropFirst(location.prefix.count))
        if key.isEmpty || key.hasSuffix("/") { return }
        if key.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return }
        guard SourceKey.isValid(key) else {
            listing.skipped.append((key: key, reason: "its name is not a clean path (an empty, . or .. part, or a backslash)"))
            return
        }
        guard let seconds = S3Time.iso8601(object.lastModified) else {
            listing.skipped.append((key: key, reason: "the bucket gave no readable modification time"))
            return
        }
        listing.entries.append(SourceEntry(key: key, size: object.size, mtimeNs: Self.mtime(seconds: seconds, etag: object.etag)))
    }

    public func entry(forKey key: String) async throws -> SourceEntry? {
        guard SourceKey.isValid(key) else { return nil }
        return try await head(objectKey(key), as: key)
    }

    /// The entry of the object at `objectKey`, named `key`; nil when there is none.
    func head(_ objectKey: String, as key: String) async throws -> SourceEntry? {
        let answer = try await client.send(client.request(.HEAD, key: objectKey))
        if answer.status == 404 { return nil }
        guard (200..<300).contains(answer.status) else { throw client.failure(answer, doing: "Reading “\(key)”") }
        return Self.entry(key: key, headers: answer.headers)
    }

    /// An entry from an answer's `Content-Length`, `Last-Modified` and `ETag`, or nil when they are not there.
    static func entry(key: String, headers: HTTPHeaders, size: Int64? = nil) -> SourceEntry? {
        guard let size = size ?? headers.first(name: "content-length").flatMap({ Int64($0) }),
              let seconds = headers.first(name: "last-modified").flatMap(S3Time.httpDate) else { return nil }
        let etag = (headers.first(name: "etag") ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        return SourceEntry(key: key, size: size, mtimeNs: mtime(seconds: seconds, etag: etag))
    }

    /// `LastModified` in nanoseconds, with the ETag folded into the part below a second (FNV-1a).
    static func mtime(seconds: Int64, etag: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in etag.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return seconds &* 1_000_000_000 &+ Int64(hash % 1_000_000_000)
    }

    public func changes() throws -> AsyncStream<Void> {
        throw SourceError.cannotWatch("An S3 library (\(location)) cannot be watched for changes; it is rescanned every --rescan-interval minutes.")
    }
}
