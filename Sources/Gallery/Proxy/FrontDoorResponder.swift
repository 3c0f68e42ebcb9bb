import Hummingbird
import HummingbirdCore

/// The first thing every request meets: it must be addressed to one of the server's own names
/// (else 421 Misdirected Request), and a HEAD is answered as its GET without the body, so every
/// GET route answers HEAD without registering it twice.
struct FrontDoorResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == GalleryContext {
    typealias Context = GalleryContext
    /// A `Host` field that survived beside the authority (never in HTTP/1.1 as parsed) is checked as well.
    static var hostField: HTTPFields.Element.Name { .init("Host")! }
    let names: ServerNames
    let inner: Inner
    /// Told of every request, so that background work gives way (`RequestActivity`).
    var activity: RequestActivity?

    func respond(to request: Request, context: Context) async throws -> Response {
        activity?.noteRequest()
        // Only the Host the client sent counts: no X-Forwarded-Host, even from a trusted proxy.
        let claimed = [request.head.authority].compactMap { $0 } + request.headers[values: Self.hostField]
        guard claimed.allSatisfy(names.accepts) else { return Self.misdirected() }
        guard request.method == .head else { return try await inner.respond(to: request, context: context) }
        // HEAD is every GET route's: the GET's status and headers, its body never read or sent.
        var head = request.head
        head.method = .get
        var context = context
        context.isHead = true
        let response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
        var headers = response.headers
        if headers[.contentLength] == nil, let length = response.body.contentLength { headers[.contentLength] = String(length) }
        return Response(status: response.status, headers: headers, body: .init())
    }

    /// A small page of its own: the request is not for this site, so nothing of the site is shown.
    static func misdirected() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = "default-src 'none'; frame-ancestors 'none'"
        headers[.xContentTypeOptions] = "nosniff"
        let page = """
            <!doctype html><html lang="en"><meta charset="utf-8"><title>Misdirected request</title>
            <h1>Misdirected request</h1><p>This server does not answer to that name. Use the address the gallery's owner gave you.</p></html>

            """
        return Response(status: .init(code: 421, reasonPhrase: "Misdirected Request"), headers: headers,
                        body: .init(byteBuffer: ByteBuffer(string: page)))
    }
}
