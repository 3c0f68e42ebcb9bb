import Hummingbird

/// A WebDAV request refused: its status, and the precondition RFC 4918 names for it (sent as
/// `<D:error>`), with the hrefs that explain it (the root of a lock whose token was not sent).
struct DavError: Error, Sendable {
    let status: HTTPResponse.Status
    var condition: String?
    var hrefs: [String] = []
    /// For the log only.
    var reason: String

    init(_ status: HTTPResponse.Status, _ reason: String, condition: String? = nil, hrefs: [String] = []) {
        (self.status, self.reason, self.condition, self.hrefs) = (status, reason, condition, hrefs)
    }

    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
    static let locked = HTTPResponse.Status(code: 423, reasonPhrase: "Locked")
    static let failedDependency = HTTPResponse.Status(code: 424, reasonPhrase: "Failed Dependency")
    static let multiStatus = HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status")

    static func readOnly(_ what: String) -> DavError { DavError(.forbidden, "\(what) is read-only") }
    static let notFound = DavError(.notFound, "nothing there")

    /// The answer: the status, and the precondition as a small XML body where there is one.
    var response: Response {
        var headers = HTTPFields()
        guard let condition else {
            headers[.contentLength] = "0"
            return Response(status: status, headers: headers)
        }
        let inner = hrefs.map { "<D:href>\(DavXML.escape($0))</D:href>" }.joined()
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:error xmlns:D=\"DAV:\"><D:\(condition)>\(inner)</D:\(condition)></D:error>"
        headers[.contentType] = "application/xml; charset=utf-8"
        headers[.contentLength] = String(body.utf8.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
