import Hummingbird
import HummingbirdCore

/// Serves the gallery under a prefix such as `/photos`: requests have the prefix taken off
/// before routing, and redirects get it put back; `PageRenderer` puts it back on page links.
/// Inside the app every path stays root-relative. With no prefix it passes everything through.
struct BasePathResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == GalleryContext {
    typealias Context = GalleryContext
    /// `/photos`: a leading slash, no trailing one; "" for none.
    let base: String
    let inner: Inner

    func respond(to request: Request, context: Context) async throws -> Response {
        guard !base.isEmpty else { return try await inner.respond(to: request, context: context) }
        let path = request.uri.path
        // Health checks (a container's, a monitor's) ask the server directly, without the prefix.
        if path == "/healthz" { return try await inner.respond(to: request, context: context) }
        guard path == base || path.hasPrefix(base + "/") else {
            if path == "/" { return .redirect(to: base + "/", type: .normal) }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .notFound, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "The gallery lives under \(base)/.\n")))
        }
        var head = request.head
        let rest = String((head.path ?? "").dropFirst(base.count))
        head.path = rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : rest
        var response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
        if let location = response.headers[.location], location.hasPrefix("/"), !location.hasPrefix("//") {
            response.headers[.location] = base + location
        }
        return response
    }
}

enum BasePath {
    /// Checks and normalises a configured prefix: "" for none, else `/a/b`.
    static func normalise(_ raw: String) throws -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "/" { return "" }
        let segments = trimmed.split(separator: "/")
        guard trimmed.hasPrefix("/"), !segments.isEmpty,
              segments.allSatisfy({ $0 != "." && $0 != ".." && $0.unicodeScalars.allSatisfy { c in
                  c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "-._~".unicodeScalars.contains(c))
              } }) else {
            throw ConfigError("--base-path must look like /photos (letters, digits, - . _ ~ between slashes), not “\(raw)”.")
        }
        return "/" + segments.joined(separator: "/")
    }
}
