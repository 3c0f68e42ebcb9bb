import Catalog
import Hummingbird
import NIOCore

extension PageCache.Key {
    /// The key of the page `request` asks for as `visitor` sees it, at catalog `version` (and
    /// look-alikes' `likeness`, for a page that shows them); nil when the page must be made
    /// afresh: it shows a flash. (A scan's banner is put in as the page goes out.)
    init?(version: Int, likeness: Int = 0, _ request: Request, _ context: GalleryContext, visitor: Visitor, layout: String,
          day: String = "", notes: String = "") {
        guard context.flash == nil else { return nil }
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

    /// The page for `key`: the kept one with this visitor's form token and the scan banner of
    /// the moment spliced in, or `render`ed (with placeholders for both) and kept. With no key (a
    /// flash on it) the page is rendered for this visitor alone. A browser checking its copy gets
    /// 304; one that takes gzip gets a copy compressed once for its token (while no banner shows:
    /// with one, compressed as it goes out).
    func response(_ key: Key?, _ request: Request, _ context: GalleryContext,
                  render: (GalleryContext) async throws -> ByteBuffer) async throws -> Response {
        try await response(key, request, context) { (try await render($0), true) }
    }

    /// As above, for a page that may say it must not be kept (`keep` false: it shows something the
    /// catalog's version does not follow, such as a video's rendition being prepared).
    func response(_ key: Key?, _ request: Request, _ context: GalleryContext,
                  render: (GalleryContext) async throws -> (bytes: ByteBuffer, keep: Bool)) async throws -> Response {
        guard let key else { return Response(status: .ok, headers: PageRenderer.pageHeaders, body: .init(byteBuffer: try await render(context).bytes)) }
        // The page, the key of the page sent (`key`'s own, or the one of older look-alikes
        // standing in for it), and whether it is kept.
        let (page, sent, kept): (Page, Key, Bool)
        switch find(key) {
        case .kept(let page_, let keptKey):
            (page, sent, kept) = (page_, keptKey, true)
        case .wait(let flight):
            if let made = await flight.made() {
                (page, sent, kept) = (made.page, key, made.kept)
            } else {
                (page, kept) = try await make(key, flight: nil, context, render)
                sent = key
            }
        case .make(let flight):
            (page, kept) = try await make(key, flight: flight, context, render)
            sent = key
        }
        let token = context.csrfToken
        let banner = page.holes.contains(.banner) ? try banner(context) : ""
        guard kept else {
            return Response(status: .ok, headers: PageRenderer.pageHeaders, body: .init(byteBuffer: body(page, token: token, banner: banner)))
        }
        let gzip = AcceptEncoding.allowsGzip(request.headers[.acceptEncoding])
        // The same key, token, banner and encoding make the same bytes, so a browser checking its copy is told to keep it.
        var headers = gzip ? Self.compressedHeaders : PageRenderer.pageHeaders
        headers[.eTag] = etag(sent, token: token, banner: banner, gzip: gzip)
        if request.headers[.ifNoneMatch] == headers[.eTag] {
            headers[.contentEncoding] = nil
            return Response(status: .notModified, headers: headers)
        }
        guard gzip else { return Response(status: .ok, headers: headers, body: .init(byteBuffer: body(page, token: token, banner: banner))) }
        let compressed: ByteBuffer
        if banner.isEmpty, let kept = self.compressed(sent, token: token) {
            compressed = kept
        } else {
            compressed = try Compression.gzip(body(page, token: token, banner: banner))
            // (A banner changes as the scan goes on: a copy with one in it is not kept.)
            if banner.isEmpty { keepCompressed(compressed, for: sent, token: token) }
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: compressed))
    }

    /// Renders `key`'s page with placeholders for the token and the banner, keeps it when it may
    /// be kept, and, making it with `flight`, hands it to those waiting for it.
    private func make(_ key: Key, flight: Flight?, _ context: GalleryContext,
                      _ render: (GalleryContext) async throws -> (bytes: ByteBuffer, keep: Bool)) async throws -> (page: Page, kept: Bool) {
        var shared: Flight.Made?
        defer { if let flight { made(key, flight, shared) } }
        var rendering = context
        rendering.csrfToken = placeholder
        rendering.bannerSlot = bannerPlaceholder
        let rendered = try await render(rendering)
        // A page that carries this visitor's own token (a part built outside the render, from the
        // visitor's context) is theirs alone: kept or handed on, it would give their token away.
        guard !Self.contains(rendered.bytes, Array(context.csrfToken.utf8)) else { return (pieces(of: rendered.bytes), false) }
        let page = rendered.keep ? keep(rendered.bytes, for: key) : pieces(of: rendered.bytes)
        shared = Flight.Made(page: page, kept: rendered.keep)
        return (page, rendered.keep)
    }
}
