import Hummingbird
import HummingbirdCore

/// Serves the gallery under a prefix such as `/photos`: requests have the prefix taken off
/// before routing, and redirects get it put back (pages get it from `ViewEncoder`). With no
/// prefix it passes everything through.
struct BasePathResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == GalleryContext {
    typealias Context = GalleryContext
    let base: BasePath
    let inner: Inner

    func respond(to request: Request, context: Context) async throws -> Response {
        guard !base.isEmpty else { return try await inner.respond(to: request, context: context) }
        let path = request.uri.path
        // Health checks (a container's, a monitor's) ask the server directly, without the prefix.
        if path == SiteURL.health.path { return try await inner.respond(to: request, context: context) }
        guard base.strip(path) != nil, let rest = base.strip(request.head.path ?? "") else {
            if path == SiteURL.home.path { return .redirect(to: base.apply(to: SiteURL.home.path), type: .normal) }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .notFound, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "The gallery lives under \(base.prefix)/.\n")))
        }
        var head = request.head
        head.path = rest
        var response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
        if let location = response.headers[.location] {
            response.headers[.location] = base.applyToLocation(location)
        }
        return response
    }
}
