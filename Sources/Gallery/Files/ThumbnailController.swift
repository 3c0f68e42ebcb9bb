import Catalog
import Hummingbird
import Imaging

/// `GET /thumbs/{size}/{sha256}.jpg`: content-addressed renditions with immutable caching.
struct ThumbnailController: Sendable {
    let thumbnails: ThumbnailStore
    let store: any TrashStore
    /// Whether shared caches may keep renditions: only when guests may see the library anyway.
    let sharedCaching: Bool
    let fileIO = FileIO()

    func register(with routes: Routes) {
        routes.viewer.get(.thumbnail, use: serve)
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        let (size, sha) = try Self.parse(context)
        return try await respond(size: size, sha: sha, request, context)
    }

    /// The rendition size and content hash named by the `:size` and `:file` parameters.
    static func parse(_ context: GalleryContext) throws -> (SiteURL.Rendition, String) {
        guard let size = context.parameters.get("size", as: Int.self).flatMap(SiteURL.Rendition.init(rawValue:)),
              let file = context.parameters.get("file"), file.hasSuffix(".jpg") else {
            throw HTTPError(.notFound, message: "No such thumbnail size.")
        }
        let sha = String(file.dropLast(4))
        guard sha.count == 64, sha.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw HTTPError(.notFound, message: "No such thumbnail.")
        }
        return (size, sha)
    }

    func respond(size: SiteURL.Rendition, sha: String, _ request: Request, _ context: GalleryContext) async throws -> Response {
        // A picture whose every copy is in the trash is the admins' to see until it is restored or
        // destroyed, and no shared cache may keep it meanwhile.
        let onlyInTrash = try await store.contentOnlyInTrash().contains(sha)
        if onlyInTrash && !context.visitor.can(.admin) {
            throw HTTPError(.notFound, message: "No photo in the library has this content.")
        }
        let etag = "\"\(sha.prefix(20))-\(size.rawValue)\""
        let scope = sharedCaching && !onlyInTrash ? "public" : "private"
        var headers = HTTPFields()
        headers[.contentType] = "image/jpeg"
        if let match = request.headers[.ifNoneMatch], match == etag || match == "*" {
            headers[.eTag] = etag
            headers[.cacheControl] = scope + ", max-age=31536000, immutable"
            return Response(status: .notModified, headers: headers)
        }
        let outcome = await thumbnails.rendition(sha256: sha, size: size)
        switch outcome {
        case .unknown:
            throw HTTPError(.notFound, message: "No photo in the library has this content.")
        case .unstored, .placeholder:
            // Unstored: not cached by anyone, so the next request tries again once the disk has room.
            // Unreadable: short caching, as the file may be fixed and rescanned, but no retry storm meanwhile.
            headers[.cacheControl] = outcome == .unstored ? "no-store" : scope + ", max-age=300"
            let bytes = Imaging.placeholderJPEG(width: size.rawValue, height: size.rawValue)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .file(let path):
            headers[.eTag] = etag
            headers[.cacheControl] = scope + ", max-age=31536000, immutable"
            let body = try await fileIO.loadFile(path: path, context: context)
            return Response(status: .ok, headers: headers, body: body)
        }
    }
}
