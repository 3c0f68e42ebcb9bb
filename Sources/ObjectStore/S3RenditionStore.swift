import AsyncHTTPClient
import SourceContract
import Foundation
import Logging
import NIOCore

/// Shared renditions under a bucket prefix (`--cache s3://bucket/prefix`): a rendition named
/// `thumbnails/ab/<sha256>-360.jpg` is the object `<prefix>thumbnails/ab/<sha256>-360.jpg`. A fetch
/// is one GET streamed into a temporary file beside its target, a store one PUT (S3 shows an object
/// whole or not at all), a removal a listing of the names' prefix and a DELETE of each object in it.
public final class S3RenditionStore: SharedRenditionStore {
    public let location: S3Location
    let client: S3Client

    public init(location: S3Location, endpoint: S3Endpoint, credentials: SigV4.Credentials, region: String, http: HTTPClient = S3HTTP.client) {
        self.location = location
        var client = S3Client(http: http, signer: SigV4(credentials: credentials, region: region), endpoint: endpoint, bucket: location.bucket)
        client.role = "The rendition cache"
        self.client = client
    }

    /// A store for `location`, with the server, credentials and region read as `S3Source.fromEnvironment` reads them.
    public static func fromEnvironment(location: S3Location, endpoint: S3Endpoint?, environment: [String: String],
                                       http: HTTPClient = S3HTTP.client) throws(S3LocationProblem) -> S3RenditionStore {
        let (credentials, region) = try SigV4.Credentials.fromEnvironment(environment)
        return S3RenditionStore(location: location, endpoint: endpoint ?? .aws(bucket: location.bucket, region: region),
                                credentials: credentials, region: region, http: http)
    }

    public var displayName: String {
        location.description + (client.endpoint.pathStyle ? " at \(client.endpoint)" : "")
    }

    func objectKey(_ name: String) -> String { location.prefix + name }

    public func unavailableReason() async -> String? { await client.listingProblem(prefix: location.prefix) }

    public func fetch(_ name: String, to path: String) async throws -> Bool {
        guard Self.isValidName(name) else { throw SourceError.unavailable("“\(name)” is not a rendition's name.") }
        let response = try await client.open(client.request(.GET, key: objectKey(name)))
        if response.status.code == 404 { return false }
        guard response.status.code == 200 else {
            let answer = S3Client.Answer(status: Int(response.status.code), headers: response.headers,
                                         body: (try? await response.body.collect(upTo: S3Client.errorBodyLimit)).map { Array($0.readableBytesView) } ?? [])
            throw client.failure(answer, doing: "Reading the rendition “\(name)”")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.tmp-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let written = try await S3Client.write(response.body, to: temporary)
            let expected = response.headers.first(name: "content-length").flatMap { Int64($0) }
            guard written > 0, expected == nil || expected == written else {
                throw SourceError.unavailable("The rendition “\(name)” came from \(client.place) cut short.")
            }
            guard rename(temporary, path) == 0 else { throw SourceError.unavailable("A rendition could not be stored in \(folder).") }
            return true
        } catch {
            unlink(temporary)
            if let error = error as? SourceError { throw error }
            throw SourceError.unavailable("The rendition “\(name)” could not be copied from \(client.place) (\(error)).")
        }
    }

    public func store(_ name: String, from path: String) async throws {
        guard Self.isValidName(name) else { throw SourceError.unavailable("“\(name)” is not a rendition's name.") }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value else {
            throw SourceError.unavailable("The rendition “\(name)” to store is gone.")
        }
        let request = client.request(.PUT, key: objectKey(name), body: .stream(FileChunks(path: path), length: .known(size)),
                                     payloadHash: "UNSIGNED-PAYLOAD")
        let answer = try await client.send(request)
        guard (200..<300).contains(answer.status) else { throw client.failure(answer, doing: "Storing the rendition “\(name)”") }
    }

    public func remove(namesStartingWith prefixes: [String]) async throws {
        for prefix in prefixes {
            var token: String?
            repeat {
                var query = [("list-type", "2"), ("prefix", objectKey(prefix))]
                if let token { query.append(("continuation-token", token)) }
                let answer = try await client.send(client.request(.GET, key: nil, query: query))
                guard (200..<300).contains(answer.status) else { throw client.failure(answer, doing: "Listing the renditions to remove") }
                guard let page = S3XML.listPage(answer.body) else {
                    throw SourceError.unavailable("The rendition cache cannot be read: \(client.place) answered a listing that could not be read.")
                }
                for object in page.objects where object.key.hasPrefix(objectKey(prefix)) {
                    let deleted = try await client.send(client.request(.DELETE, key: object.key))
                    guard (200..<300).contains(deleted.status) || deleted.status == 404 else {
                        throw client.failure(deleted, doing: "Removing the rendition “\(object.key)”")
                    }
                }
                guard token == nil || page.nextContinuationToken != token else { break }
                token = page.nextContinuationToken
            } while token != nil
        }
    }
}
