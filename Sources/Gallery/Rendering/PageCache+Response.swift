import Catalog
import Hummingbird
import NIOCore

extension PageCache.Key {
    /// The key of the page `request` asks for as `visitor` sees it, at catalog `version` (and
    /// look-alikes' `likeness`, for a page that shows them); nil when
    /// the page must be made afresh: it shows a flash, or a running scan's banner (`chrome`).
    init?(version: Int, likeness: Int = 0, _ request: Request, _ context: GalleryContext, chrome: ChromeBuilder, visitor: Visitor, layout: String,
          day: String = "", notes: String = "") {
        guard context.flash == nil, chrome.banner() == nil else { return nil }
        self.init(version: version, likeness: likeness, target: request.uri.path + (request.uri.query.map { "?" + $0 } ?? ""),
                  account: visitor.account?.id, accountName: visitor.account?.name, role: visitor.role, layout: layout,
                  language: context.language.tag, zone: context.timeZone.identifier, day: day, notes: notes)
    }
}

extension PageCache {
    /// A page's headers when it goes out gzip-compressed.
    static let compressedHeaders: HTTPFields = {
        var headers = PageRenderer.pageHeaders
        headers[.contentEncoding] = "gzip"
        Compression.addVary(&headers)
        return headers
    }()

    /// The page for `key`: the kept one with this visitor's form token spliced in, or `render`ed
    /// (with the placeholder for the token) and kept. With no key (a flash or a scan banner on
    /// it) the page is rendered for this visitor alone. A browser checking its copy gets 304; one
    /// that takes gzip gets a copy compressed once for its token.
    func response(_ key: Key?, _ request: Request, _ context: GalleryContext,
                  render: (GalleryContext) async throws -> ByteBuffer) async throws -> Response {
        try await response(key, request, context) { (try await render($0), true) }
    }

    /// As above, for a page that may say it must not be kept (`keep` false: it shows something the
    /// catalog's version does not follow, such as a video's rendition being prepared).
    func response(_ key: Key?, _ request: Request, _ context: GalleryContext,
                  render: (GalleryContext) async throws -> (bytes: ByteBuffer, keep: Bool)) async throws -> Response {
        guard let key else { return Response(status: .ok, headers: PageRenderer.pageHeaders, body: .init(byteBuffer: try await render(context).bytes)) }
        let page: Page
        // The key of the page sent: `key`'s own, or the one of older look-alikes standing in for it.
        let sent: Key
        switch find(key) {
        case .kept(let kept, let keptKey):
            (page, sent) = (kept, keptKey)
        case .none(let claimed):
            defer { if claimed { made(key) } }
            var rendering = context
            rendering.csrfToken = placeholder
            let rendered = try await render(rendering)
            // A page that carries this visitor's own token (a part built outside the render, from the
            // visitor's context) is theirs alone: kept, it would hand their token to the next visitor.
            guard rendered.keep, !Self.contains(rendered.bytes, Array(context.csrfToken.utf8)) else {
                let once = Page(pieces: Self.split(rendered.bytes, at: Array(placeholder.utf8)))
                return Response(status: .ok, headers: PageRenderer.pageHeaders, body: .init(byteBuffer: body(once, token: context.csrfToken)))
            }
            (page, sent) = (keep(rendered.bytes, for: key), key)
        }
        let token = context.csrfToken
        let gzip = AcceptEncoding.allowsGzip(request.headers[.acceptEncoding])
        // The same key, token and encoding make the same bytes, so a browser checking its copy is told to keep it.
        var headers = gzip ? Self.compressedHeaders : PageRenderer.pageHeaders
        headers[.eTag] = etag(sent, token: token, gzip: gzip)
        if request.headers[.ifNoneMatch] == headers[.eTag] {
            headers[.contentEncoding] = nil
            return Response(status: .notModified, headers: headers)
        }
        guard gzip else { return Response(status: .ok, headers: headers, body: .init(byteBuffer: body(page, token: token))) }
        let compressed: ByteBuffer
        if let kept = self.compressed(sent, token: token) {
            compressed = kept
        } else {
            compressed = try Compression.gzip(body(page, token: token))
            keepCompressed(compressed, for: sent, token: token)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: compressed))
    }
}
