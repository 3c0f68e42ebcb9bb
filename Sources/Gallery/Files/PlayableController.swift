import Catalog
import Foundation
import Hummingbird

/// `GET /play/{key}` has a video's playable rendition made (or says it is being made), and
/// `GET /playable/{sha256}.mp4` serves it with Range, like an original. Share links answer the
/// same under their own prefix, through `ShareController`, for their own videos only.
struct PlayableController: Sendable {
    let reads: CatalogReads
    let playable: PlayableStore
    let pages: PageKit
    let fileIO = FileIO()

    func register(with routes: Routes) {
        routes.viewer.get(.play, use: play)
        routes.viewer.get(.playable, use: serve)
    }

    @Sendable func play(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.playKey(fromPath: request.uri.path) else { throw Self.noVideo }
        let requester = context.visitor.account.map { "account:\($0.id)" } ?? "guest:\(context.remoteAddress)"
        return try await play(key: key, in: reads.view(for: context.visitor.audience), scope: .gallery, requester: requester,
                              mayStart: true, request, context)
    }

    /// The play page of `key`, as `view`'s audience may see it (a link's holders: inside their
    /// link, every address under its `scope`). The work is counted against `requester`
    /// (`PlayableStore.perRequester`); with `mayStart` false the page says the household has to
    /// look at it first.
    func play(key: String, in view: ScopedCatalog, scope: SiteURL.Scope, requester: String, mayStart: Bool,
              _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await view.photo(key: key), photo.card.kind == .video else { throw Self.noVideo }
        let videoPage = scope.photo(key, in: nil, sharedGroup: view.boundary)
        // A video the browser plays as it is has nothing to prepare.
        guard Playability(photo) != .everywhere else { return .redirect(to: videoPage) }
        let state = await playable.prepare(photo, for: requester, mayStart: mayStart)
        if state == .ready { return .redirect(to: videoPage) }
        let fitted = PhotoPageBuilder.fittedSize(width: photo.card.width, height: photo.card.height, box: SiteURL.Rendition.screen.rawValue)
        let title = Phrase.verbatim(photo.card.name)
        let pageChrome = view.boundary == nil ? pages.chrome(title: title, for: context) : pages.sharedChrome(title: title)
        var page = PreparingView(chrome: pageChrome, name: photo.card.name, poster: scope.thumbnail(photo.card.picture, .screen),
                                 width: fitted.width, height: fitted.height, preparing: state == .preparing || state == .overLimit,
                                 backURL: videoPage, downloadURL: scope.original(key))
        page.note = PreparingView.note(state, ahead: await playable.ahead(of: photo.card.sha256))
        var response = try pages.response(page, for: context)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let sha = Self.sha256(context) else { throw Self.noRendition }
        return try await serve(sha: sha, in: reads.view(for: context.visitor.audience), request, context)
    }

    /// The content hash a `:file` parameter (`<sha256>.mp4`) names; nil for anything else.
    static func sha256(_ context: GalleryContext) -> String? {
        guard let file = context.parameters.get("file"), file.hasSuffix(".mp4") else { return nil }
        // The renditions' own fuzzed name reader; a playable rendition is never turned.
        guard let name = ThumbnailName.parse(Substring(file.dropLast(4))), name.rotation == .none else { return nil }
        return name.sha256
    }

    /// The rendition of content `view`'s audience sees.
    func serve(sha: String, in view: ScopedCatalog, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard try await view.sees(sha256: sha), await playable.state(sha256: sha) == .ready else { throw Self.noRendition }
        let path = playable.path(sha256: sha)
        let size = try await Self.size(of: path)
        let etag = "\"\(sha.prefix(32))-play\""
        var headers = RangeAnswer.headers(type: "video/mp4", etag: etag, maxAge: 86400)
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        let answer = try RangeAnswer(request, size: size, etag: etag, headers: &headers)
        return Response(status: answer.status, headers: headers, body: try await fileIO.loadFile(path: path, range: answer.range, context: context))
    }

    /// The file's size, read off the request task.
    private static func size(of path: String) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
                continuation.resume(with: size.map { .success($0) } ?? .failure(noRendition))
            }
        }
    }

    static let noVideo = PageError(.notFound, message: Phrase("There is no such video in the library."))
    static let noRendition = PageError(.notFound, message: Phrase("This video has no playable version (yet)."))
}
