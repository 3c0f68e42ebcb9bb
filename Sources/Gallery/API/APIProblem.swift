import Foundation
import HTTPTypes
import Hummingbird

/// An API error as the client reads it (RFC 9457, `application/problem+json`): the status, its
/// title, and a sentence for the person reading the script's log.
struct APIProblem: Error, Sendable, Equatable {
    let status: HTTPResponse.Status
    let detail: String

    init(_ status: HTTPResponse.Status, _ detail: String) { (self.status, self.detail) = (status, detail) }

    static let notFound = APIProblem(.notFound, "There is no such thing, or this token may not see it.")

    /// The body: `type` is `about:blank`, so `title` is the status's own reason phrase.
    var json: Data {
        let object: [String: Any] = ["type": "about:blank", "title": status.reasonPhrase, "status": status.code, "detail": detail]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    var response: Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        headers[.cacheControl] = "no-store"
        let body = json
        headers[.contentLength] = String(body.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
