import AsyncHTTPClient
import SourceContract
import Foundation
import NIOCore
import NIOHTTP1

/// Signed requests to one bucket over async-http-client, and what their answers mean for a
/// source: a missing object, a refusal, a server that cannot be reached.
struct S3Client: Sendable {
    let http: HTTPClient
    let signer: SigV4
    let endpoint: S3Endpoint
    let bucket: String
    /// How long a request may take until its answer's head arrives (a streamed body takes as long as its reader).
    var timeout: TimeAmount = .seconds(30)
    /// What the bucket holds, to start messages: "The library", "The rendition cache".
    var role = "The library"

    /// How much of an error answer's body is kept.
    static let errorBodyLimit = 64 * 1024

    /// What a request sent and got back, the body read whole.
    struct Answer {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
    }

    /// A request, signed now.
    func request(_ method: HTTPMethod, key: String?, query: [(String, String)] = [], headers: [(String, String)] = [],
                 body: HTTPClientRequest.Body? = nil, payloadHash: String = SigV4.emptyPayloadHash) -> HTTPClientRequest {
        let path = endpoint.path(bucket: bucket, key: key)
        let queryText = query.map { SigV4.uriEncode($0.0, keepSlash: false) + "=" + SigV4.uriEncode($0.1, keepSlash: false) }
            .joined(separator: "&")
        var request = HTTPClientRequest(url: endpoint.description + path + (queryText.isEmpty ? "" : "?" + queryText))
        request.method = method
        let signed = signer.signedHeaders(method: method.rawValue, host: endpoint.hostHeader, path: path, query: query,
                                          extra: headers, payloadHash: payloadHash, date: Date())
        for (name, value) in signed { request.headers.add(name: name, value: value) }
        request.body = body
        return request
    }

    /// Sends a request and reads its whole answer (at most `limit` bytes of body); a server that
    /// cannot be reached is `SourceError.unavailable`.
    func send(_ request: HTTPClientRequest, limit: Int = 16 * 1024 * 1024) async throws -> Answer {
        do {
            return try await sendRaw(request, limit: limit)
        } catch let error as SourceError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SourceError.unavailable("\(role) cannot be read: \(unreachable(error)).")
        }
    }

    /// `send(_:limit:)`, throwing what the HTTP client threw.
    func sendRaw(_ request: HTTPClientRequest, limit: Int = 16 * 1024 * 1024) async throws -> Answer {
        let response = try await http.execute(request, timeout: timeout)
        let success = (200..<300).contains(response.status.code)
        var body: [UInt8] = []
        for try await buffer in response.body {
            if body.count + buffer.readableBytes > (success ? limit : Self.errorBodyLimit) {
                // An error's body is only read for its code: the start of it is enough.
                guard success else { continue }
                throw SourceError.unavailable("\(role) cannot be read: \(place) answered with more than \(limit) bytes.")
            }
            body += buffer.readableBytesView
        }
        return Answer(status: Int(response.status.code), headers: response.headers, body: body)
    }

    /// Sends a request and hands back its answer with the body still to be read.
    func open(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        do {
            return try await http.execute(request, timeout: timeout)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SourceError.unavailable("\(role) cannot be read: \(unreachable(error)).")
        }
    }

    /// Why the bucket cannot be listed under `prefix` (unreachable, refused, missing), or nil.
    func listingProblem(prefix: String) async -> String? {
        do {
            let answer = try await sendRaw(request(.GET, key: nil, query: [("list-type", "2"), ("max-keys", "1"), ("prefix", prefix)]))
            return (200..<300).contains(answer.status) ? nil : problem(answer)
        } catch {
            return unreachable(error)
        }
    }

    /// Writes an answer's whole body to the file at `path` (made, or emptied, first) and says
    /// how many bytes it held; the file is left for the caller to remove when this throws.
    static func write(_ body: HTTPClientResponse.Body, to path: String) async throws -> Int64 {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteOutOfSpace)
        }
        defer { try? handle.close() }
        var written: Int64 = 0
        for try await buffer in body {
            try handle.write(contentsOf: Data(buffer.readableBytesView))
            written += Int64(buffer.readableBytes)
        }
        return written
    }

    /// `the bucket photos at http://127.0.0.1:9000`.
    var place: String { endpoint.pathStyle ? "the bucket \(bucket) at \(endpoint)" : "the bucket \(bucket) (\(endpoint))" }

    /// Why the server could not be asked, as a clause.
    func unreachable(_ error: any Error) -> String {
        "\(place) cannot be reached: \(error)"
    }

    /// Why an answer is not a success, as a clause for messages: a refusal names the credentials,
    /// a missing bucket says it does not exist, anything else gives the server's code and message.
    func problem(_ answer: Answer) -> String {
        let error = S3XML.error(answer.body)
        switch (answer.status, error?.code) {
        case (_, "NoSuchBucket"):
            return "\(place) does not exist"
        case (403, _), (401, _), (_, "InvalidAccessKeyId"), (_, "SignatureDoesNotMatch"):
            return "\(place) answered \(answer.status) (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"
                + (error.map { ": \($0.code)" } ?? "") + ")"
        default:
            return "\(place) answered \(answer.status)" + (error.map { " (\($0.code): \($0.message))" } ?? "")
        }
    }

    /// `SourceError.unavailable` for an answer that is not a success.
    func failure(_ answer: Answer, doing what: String) -> SourceError {
        .unavailable("\(what) failed: \(problem(answer)).")
    }
}
