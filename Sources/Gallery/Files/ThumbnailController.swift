import Catalog
import HTTPTypes
import Hummingbird
import Imaging

/// `GET /thumbs/{size}/{sha256}.jpg` (or `{sha256}-r90.jpg`, turned; `.webp` for WebP):
/// content-addressed renditions with immutable caching.
struct ThumbnailController: Sendable {
    let thumbnails: ThumbnailStore
    let store: any TrashStore & PrivacyStore
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
        try parse(size: context.parameters.get("size").map { $0[...] }, file: context.parameters.get("file").map { $0[...] })
    }

    /// The rendition size, picture and encoding of an address's last two parts, `{size}/{file}`.
    static func parse(size: Substring?, file: Substring?) throws -> (SiteURL.Rendition, Picture, RenditionEncoding) {
        guard let size = size.flatMap({ Int($0) }).flatMap(SiteURL.Rendition.init(rawValue:)),
              let file, let dot = file.utf8.lastIndex(of: UInt8(ascii: ".")),
              let encoding = RenditionEncoding(fileExtension: Substring(file.utf8[file.utf8.index(after: dot)...])) else {
            throw PageError(.notFound, message: Phrase("No such thumbnail size."))
        }
        guard let picture = picture(named: file[..<dot]) else { throw PageError(.notFound, message: Phrase("No such thumbnail.")) }
        return (size, picture, encoding)
    }

    /// The size, picture and encoding a `/thumbs/{size}/{file}` path names; nil for any other path.
    static func parse(path: String) -> (SiteURL.Rendition, Picture, RenditionEncoding)? {
        guard path.hasPrefix(SiteURL.thumbnailPrefix) else { return nil }
        let rest = path.utf8.dropFirst(SiteURL.thumbnailPrefix.utf8.count)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let file = Substring(rest[rest.index(after: slash)...])
        guard !file.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return try? parse(size: Substring(rest[..<slash]), file: file)
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
        // A picture whose every copy is in the trash is the admins' to see until it is restored or
        // destroyed, and no shared cache may keep it meanwhile.
        let onlyInTrash = try await store.contentOnlyInTrash().contains(picture.sha256)
        if onlyInTrash && !context.visitor.can(.admin) {
            throw PageError(.notFound, message: Phrase("No photo in the library has this content."))
        }
        // A private picture is its owner's alone, and no shared cache keeps it.
        let index = try await store.privateIndex()
        if Hiding(context.visitor.sight, index).hides(sha256: picture.sha256) {
            throw PageError(.notFound, message: Phrase("No photo in the library has this content."))
        }
        let shared = sharedCaching && !onlyInTrash && index.hashes[picture.sha256] == nil
        let answer = Answer(size: size, picture: picture, encoding: encoding, shared: shared)
        if let response = await answer.ready(request, thumbnails, justMade: false) { return response }
        // A rendition removed by the cache's budget between being made and being read is made again, once.
        for _ in 0..<3 {
            let outcome = await thumbnails.rendition(picture, size: size, encoding: encoding)
            switch outcome {
            case .unknown:
                throw PageError(.notFound, message: Phrase("No photo in the library has this content."))
            case .unstored, .placeholder:
                // Unstored: not cached by anyone, so the next request tries again once the disk has room.
                // Unreadable: short caching, as the file may be fixed and rescanned, but no retry storm meanwhile.
                var headers = HTTPFields()
                headers[.cacheControl] = outcome == .unstored ? "no-store" : answer.scope + ", max-age=300"
                headers[.contentType] = "image/jpeg"
                let bytes = Imaging.placeholderJPEG(width: size.rawValue, height: size.rawValue)
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            case .file:
                // Made and cached: read as a cached one.
                if let response = await answer.ready(request, thumbnails, justMade: true) { return response }
            }
        }
        throw PageError(.serviceUnavailable, message: Phrase("The picture could not be prepared just now; try again."))
    }

    /// The answer for a rendition already made, for a visitor the caller found may see the
    /// library: when its content is not only in the trash and the rendition cache has it (or
    /// the browser does), and it is nobody's private picture. Nil for anything else, which the
    /// route itself answers.
    func warmAnswer(size: SiteURL.Rendition, picture: Picture, encoding: RenditionEncoding, _ request: Request) async -> Response? {
        guard let onlyInTrash = try? await store.contentOnlyInTrash().contains(picture.sha256), !onlyInTrash,
              let index = try? await store.privateIndex(), index.hashes[picture.sha256] == nil else { return nil }
        return await Answer(size: size, picture: picture, encoding: encoding, shared: sharedCaching)
            .ready(request, thumbnails, justMade: false)
    }

    /// The headers and body of one rendition's answer.
    struct Answer {
        let size: SiteURL.Rendition
        let picture: Picture
        let encoding: RenditionEncoding
        /// Whether shared caches may keep it.
        let shared: Bool

        var scope: String { shared ? "public" : "private" }

        /// 304 when the browser has this rendition, 200 with its bytes when the cache has them;
        /// nil when it must be made first.
        func ready(_ request: Request, _ thumbnails: ThumbnailStore, justMade: Bool) async -> Response? {
            let sha = picture.sha256
            let etag = "\"\(Substring(sha.utf8.prefix(20)))-\(size.rawValue)-\(picture.rotation.rawValue)\(encoding == .jpeg ? "" : "-" + encoding.rawValue)\""
            var headers = HTTPFields()
            headers[.contentType] = encoding.mimeType
            headers[.eTag] = etag
            headers.append(shared ? ThumbnailController.publicForever : ThumbnailController.privateForever)
            if let match = request.headers[.ifNoneMatch], match == etag || match == "*" {
                return Response(status: .notModified, headers: headers)
            }
            guard let bytes = await thumbnails.cachedBytes(picture, size: size, encoding: encoding, justMade: justMade) else { return nil }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
        }
    }
}
