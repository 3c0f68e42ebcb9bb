import Catalog
import HTTPTypes
import Hummingbird
import Imaging

/// `GET /thumbs/{size}/{sha256}.jpg` (or `{sha256}-r90.jpg`, turned; `.webp` for WebP):
/// content-addressed renditions with immutable caching.
struct ThumbnailController: Sendable {
    let thumbnails: ThumbnailStore
    let store: any TrashStore
    /// Whether shared caches may keep renditions: only when guests may see the library anyway.
    let sharedCaching: Bool

    func register(with routes: Routes) {
        routes.viewer.get(.thumbnail, use: serve)
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        let (size, picture, encoding) = try Self.parse(context)
        return try await respond(size: size, picture: picture, encoding: encoding, request, context)
    }

    /// The rendition size, picture and encoding named by the `:size` and `:file` parameters.
    static func parse(_ context: GalleryContext) throws -> (SiteURL.Rendition, Picture, RenditionEncoding) {
        guard let size = context.parameters.get("size", as: Int.self).flatMap(SiteURL.Rendition.init(rawValue:)),
              let file = context.parameters.get("file"), let dot = file.lastIndex(of: "."),
              let encoding = RenditionEncoding(fileExtension: file[file.index(after: dot)...]) else {
            throw HTTPError(.notFound, message: "No such thumbnail size.")
        }
        guard let picture = picture(named: file[..<dot]) else { throw HTTPError(.notFound, message: "No such thumbnail.") }
        return (size, picture, encoding)
    }

    /// The picture a rendition's file name (without `.jpg`) names, nil for anything else.
    static func picture(named name: Substring) -> Picture? {
        ThumbnailName.parse(name).map { Picture(sha256: $0.sha256, rotation: $0.rotation) }
    }

    /// The caching of a rendition's address, which never changes what it names: made once.
    static let publicForever = HTTPField(name: .cacheControl, value: "public, max-age=31536000, immutable")
    static let privateForever = HTTPField(name: .cacheControl, value: "private, max-age=31536000, immutable")

    func respond(size: SiteURL.Rendition, picture: Picture, encoding: RenditionEncoding = .jpeg, _ request: Request,
                 _ context: GalleryContext) async throws -> Response {
        let sha = picture.sha256
        // A picture whose every copy is in the trash is the admins' to see until it is restored or
        // destroyed, and no shared cache may keep it meanwhile.
        let onlyInTrash = try await store.contentOnlyInTrash().contains(sha)
        if onlyInTrash && !context.visitor.can(.admin) {
            throw HTTPError(.notFound, message: "No photo in the library has this content.")
        }
        let etag = "\"\(sha.prefix(20))-\(size.rawValue)-\(picture.rotation.rawValue)\(encoding == .jpeg ? "" : "-" + encoding.rawValue)\""
        let scope = sharedCaching && !onlyInTrash ? "public" : "private"
        var headers = HTTPFields()
        headers[.contentType] = encoding.mimeType
        if let match = request.headers[.ifNoneMatch], match == etag || match == "*" {
            headers[.eTag] = etag
            headers.append(scope == "public" ? Self.publicForever : Self.privateForever)
            return Response(status: .notModified, headers: headers)
        }
        // A rendition removed by the cache's budget between being made and being read is made again, once.
        var made = false
        for _ in 0..<3 {
            if let bytes = await thumbnails.cachedBytes(picture, size: size, encoding: encoding, justMade: made) {
                headers[.eTag] = etag
                headers.append(scope == "public" ? Self.publicForever : Self.privateForever)
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
            }
            let outcome = await thumbnails.rendition(picture, size: size, encoding: encoding)
            switch outcome {
            case .unknown:
                throw HTTPError(.notFound, message: "No photo in the library has this content.")
            case .unstored, .placeholder:
                // Unstored: not cached by anyone, so the next request tries again once the disk has room.
                // Unreadable: short caching, as the file may be fixed and rescanned, but no retry storm meanwhile.
                headers[.cacheControl] = outcome == .unstored ? "no-store" : scope + ", max-age=300"
                headers[.contentType] = "image/jpeg"
                let bytes = Imaging.placeholderJPEG(width: size.rawValue, height: size.rawValue)
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            case .file:
                made = true  // made and cached: read as a cached one
            }
        }
        throw HTTPError(.serviceUnavailable, message: "The picture could not be prepared just now; try again.")
    }
}
