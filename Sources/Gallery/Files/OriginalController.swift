import Catalog
import Foundation
import Hummingbird
import Imaging

/// Serves original files, only those the catalog knows and the visitor may see, with Range
/// support; a motion photo's clip the same way.
struct OriginalController: Sendable {
    let reads: CatalogReads
    let source: any PhotoSource
    let fileIO = FileIO()

    func register(with routes: Routes) {
        routes.viewer.get(.original, use: serve)
        routes.viewer.get(.motion, use: serveMotion)
    }

    @Sendable func serveMotion(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.motionKey(fromPath: request.uri.path) else { throw Self.noMotion }
        return try await respondMotion(key: key, in: reads.view(for: context.visitor.audience), request, context)
    }

    /// A motion photo's clip: the last `motionLength` bytes of the JPEG, as an MP4 with Range. For
    /// a link that hides places it is the end of the JPEG as the link hands the JPEG out: the
    /// whole file's places taken out (the clip's own among them), or nothing when the file is
    /// withheld.
    func respondMotion(key: String, in view: ScopedCatalog, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await view.photo(key: key), let length = photo.card.motionLength,
              let entry = try? await source.entry(forKey: key), entry.size > length else {
            throw Self.noMotion
        }
        let treatment = await PlaceTreatment.of(photo.format, entry: entry, source: source, for: view)
        if treatment == .withheld { throw Self.keepsItsPlace }
        let patches: [GPSRedaction.Patch]? = if case .patched(let found) = treatment { found } else { nil }
        let start = Int(entry.size - length)
        let etag = "\"\(photo.card.sha256.prefix(32))-motion\(patches == nil ? "" : "-noplace")\""
        var headers = RangeAnswer.headers(type: "video/mp4", etag: etag, maxAge: 3600)
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        let answer = try RangeAnswer(request, size: Int(length), etag: etag, headers: &headers)
        let range = (answer.range.lowerBound + start)...(answer.range.upperBound + start)
        return Response(status: answer.status, headers: headers, body: try await body(key: key, range: range, patches: patches, context))
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.originalKey(fromPath: request.uri.path) else {
            throw Self.notInLibrary
        }
        return try await respond(key: key, in: reads.view(for: context.visitor.audience), request, context)
    }

    /// The original at `key`, as `view`'s audience may have it: where places are not shown, only
    /// as bytes known to say nothing of where it was taken (`PlaceTreatment`), else refused.
    func respond(key: String, in view: ScopedCatalog, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await view.photo(key: key), let entry = try? await source.entry(forKey: key) else {
            throw Self.notInLibrary
        }
        var patches: [GPSRedaction.Patch]?
        switch await PlaceTreatment.of(photo.format, entry: entry, source: source, for: view) {
        case .asIs: break
        case .patched(let found): patches = found
        case .withheld: throw Self.keepsItsPlace
        }
        let size = Int(entry.size)
        let etag = "\"\(photo.card.sha256.prefix(32))\(patches == nil ? "" : "-noplace")\""
        var headers = RangeAnswer.headers(type: photo.format.mimeType, etag: etag, maxAge: 3600)
        headers[.contentDisposition] = "inline; filename*=UTF-8''" + SiteURL.encodeKey(photo.card.name)
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        let answer = try RangeAnswer(request, size: size, etag: etag, headers: &headers)
        if size == 0 { return Response(status: answer.status, headers: headers) }
        return Response(status: answer.status, headers: headers, body: try await body(key: key, range: answer.range, patches: patches, context))
    }

    static let keepsItsPlace = PageError(.forbidden, message: Phrase("This file keeps where it was taken, and whoever shared this link chose not to share places: its picture can be seen here, but the file itself is not handed out."))

    /// The bytes of `range`: straight from the file when the source keeps one on this machine
    /// (NIO reads it into the response's buffers), else streamed from the source, opened before
    /// the answer starts so an item gone since the look-up is still a 404.
    func body(key: String, range: ClosedRange<Int>, patches: [GPSRedaction.Patch]? = nil, _ context: GalleryContext) async throws -> ResponseBody {
        if patches == nil, let path = source.localPath(forKey: key) {
            return try await fileIO.loadFile(path: path, range: range, context: context)
        }
        let chunks: ByteChunks
        do { chunks = try await source.stream(key, range: Int64(range.lowerBound)..<Int64(range.upperBound) + 1) } catch {
            throw Self.notInLibrary
        }
        return ResponseBody(contentLength: range.count) { writer in
            var at = range.lowerBound
            for try await chunk in chunks {
                var bytes = chunk
                if let patches { GPSRedaction.apply(patches, to: &bytes, at: at) }
                at += bytes.count
                try await writer.write(ByteBuffer(bytes: bytes))
            }
            try await writer.finish(nil)
        }
    }

    static let noMotion = PageError(.notFound, message: Phrase("This photo holds no motion clip."))
    private static let notInLibrary = PageError(.notFound, message: Phrase("This file is not in the library (it may have been moved or removed)."))
}
