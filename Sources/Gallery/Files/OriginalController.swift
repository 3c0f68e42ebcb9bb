import Catalog
import Foundation
import Hummingbird
import Imaging

/// Serves original files, only those the catalog knows, with Range support.
struct OriginalController: Sendable {
    let store: any PhotoQueries
    let source: any PhotoSource
    let fileIO = FileIO()

    func register(with routes: Routes) {
        routes.viewer.get(.original, use: serve)
        routes.viewer.get(.motion, use: serveMotion)
    }

    @Sendable func serveMotion(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.motionKey(fromPath: request.uri.path) else { throw Self.noMotion }
        return try await respondMotion(key: key, sight: context.visitor.sight, request, context)
    }

    /// A motion photo's clip: the last `motionLength` bytes of the JPEG, as an MP4 with Range.
    func respondMotion(key: String, sight: Sight, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await store.photo(key: key, viewer: .guest, sight: sight), let length = photo.card.motionLength,
              let entry = try? await source.entry(forKey: key), entry.size > length else {
            throw Self.noMotion
        }
        let start = Int(entry.size - length)
        let etag = "\"\(photo.card.sha256.prefix(32))-motion\""
        var headers = RangeAnswer.headers(type: "video/mp4", etag: etag, maxAge: 3600)
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        let answer = try RangeAnswer(request, size: Int(length), etag: etag, headers: &headers)
        let range = (answer.range.lowerBound + start)...(answer.range.upperBound + start)
        return Response(status: answer.status, headers: headers, body: try await body(key: key, range: range, context))
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.originalKey(fromPath: request.uri.path) else {
            throw Self.notInLibrary
        }
        return try await respond(key: key, sight: context.visitor.sight, request, context)
    }

    /// The original at `key`; `withoutPlaces` (a share link whose maker did not share places)
    /// hands out a JPEG without its position (`GPSRedaction`, patched as it streams) and refuses a
    /// still of another format that has one.
    func respond(key: String, sight: Sight, withoutPlaces: Bool = false, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await store.photo(key: key, viewer: .guest, sight: sight), let entry = try? await source.entry(forKey: key) else {
            throw Self.notInLibrary
        }
        var patches: [GPSRedaction.Patch]?
        if withoutPlaces {
            switch await Self.placeTreatment(photo.format, located: photo.location != nil, entry: entry, source: source) {
            case .asIs: break
            case .patched(let found): patches = found
            case .withheld: throw Self.keepsItsPlace
            }
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

    /// What a share link that does not share places does with a file: a JPEG goes without the
    /// bytes that say where it was taken (found in its header, read here), a still of another
    /// format that has a position is withheld, and so are a RAW and a JPEG whose header cannot be
    /// read through; videos and stills without a position go as they are.
    enum PlaceTreatment: Sendable {
        case asIs
        case patched([GPSRedaction.Patch])
        case withheld
    }

    static func placeTreatment(_ format: ImageFormat, located: Bool, entry: SourceEntry, source: any PhotoSource) async -> PlaceTreatment {
        guard !format.isVideo else { return await videoTreatment(entry, source: source) }
        // (a RAW's own position is not read at scan, so the catalog cannot vouch for one without)
        if format.isRaw { return .withheld }
        guard format == .jpeg else { return located ? .withheld : .asIs }
        guard let head = try? await source.read(entry.key, range: 0..<min(entry.size, Int64(JPEGHeader.usefulPrefix))),
              let patches = GPSRedaction.patches(head) else { return .withheld }
        return patches.isEmpty ? .asIs : .patched(patches)
    }

    /// A video's boxes walked from the start, reading each top-level header and reading whole
    /// only `moov` and `uuid` (`VideoPlaceRedaction`): patched where it says where it was shot,
    /// withheld when it cannot be read through or keeps places in its samples.
    static func videoTreatment(_ entry: SourceEntry, source: any PhotoSource) async -> PlaceTreatment {
        guard let patches = await VideoPlaceRedaction.patches(size: entry.size, read: { try await source.read(entry.key, range: $0) }) else {
            return .withheld
        }
        return patches.isEmpty ? .asIs : .patched(patches)
    }

    static let keepsItsPlace = PageError(.forbidden, message: Phrase("This file keeps where it was taken, and whoever shared this link chose not to share places: its picture can be seen here, but the file itself is not handed out."))

    /// The bytes of `range`: straight from the file when the source keeps one on this machine
    /// (NIO reads it into the response's buffers), else streamed from the source, opened before
    /// the answer starts so an item gone since the look-up is still a 404.
    private func body(key: String, range: ClosedRange<Int>, patches: [GPSRedaction.Patch]? = nil, _ context: GalleryContext) async throws -> ResponseBody {
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
