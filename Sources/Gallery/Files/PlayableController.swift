import Catalog
import Foundation
import Hummingbird

/// `GET /play/{key}` has a video's playable rendition made (or says it is being made), and
/// `GET /playable/{sha256}.mp4` serves it with Range, like an original.
struct PlayableController: Sendable {
    let store: any PhotoQueries
    let playable: PlayableStore
    let renderer: PageRenderer
    let chrome: ChromeBuilder
    let fileIO = FileIO()

    func register(with routes: Routes) {
        routes.viewer.get(.play, use: play)
        routes.viewer.get(.playable, use: serve)
    }

    @Sendable func play(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.decodeKey(rawPath: request.uri.path, prefix: SiteURL.playPrefix),
              let photo = try await store.photo(key: key, viewer: context.visitor.viewer), photo.card.kind == .video
        else { throw Self.noVideo }
        // A video the browser plays as it is has nothing to prepare.
        guard Playability(photo) != .everywhere else { return .redirect(to: SiteURL.photo(key)) }
        let state = await playable.prepare(photo)
        if state == .ready { return .redirect(to: SiteURL.photo(key)) }
        let fitted = PhotoController.fittedSize(width: photo.card.width, height: photo.card.height, box: SiteURL.Rendition.screen.rawValue)
        let page = PreparingView(chrome: chrome.chrome(title: photo.card.name, for: context), name: photo.card.name,
                                 poster: SiteURL.Scope.gallery.thumbnail(photo.card.picture, .screen),
                                 width: fitted.width, height: fitted.height, preparing: state == .preparing,
                                 backURL: SiteURL.photo(key), downloadURL: SiteURL.original(key))
        var response = try renderer.response(page)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let file = context.parameters.get("file"), file.hasSuffix(".mp4") else { throw Self.noRendition }
        let sha = String(file.dropLast(4))
        guard sha.utf8.count == 64, sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              try await store.fileForContent(sha256: sha) != nil, await playable.state(sha256: sha) == .ready
        else { throw Self.noRendition }
        let path = playable.path(sha256: sha)
        let size = try await Self.size(of: path)
        var headers = HTTPFields()
        headers[.contentType] = "video/mp4"
        headers[.acceptRanges] = "bytes"
        headers[.cacheControl] = "private, max-age=86400"
        let etag = "\"\(sha.prefix(32))-play\""
        headers[.eTag] = etag
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

    private static let noVideo = HTTPError(.notFound, message: "There is no such video in the library.")
    private static let noRendition = HTTPError(.notFound, message: "This video has no playable version (yet).")
}
