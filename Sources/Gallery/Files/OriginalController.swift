import Catalog
import Foundation
import Hummingbird

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
        return try await respondMotion(key: key, request, context)
    }

    /// A motion photo's clip: the last `motionLength` bytes of the JPEG, as an MP4 with Range.
    func respondMotion(key: String, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await store.photo(key: key), let length = photo.card.motionLength,
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
        return try await respond(key: key, request, context)
    }

    func respond(key: String, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await store.photo(key: key), let entry = try? await source.entry(forKey: key) else {
            throw Self.notInLibrary
        }
        let size = Int(entry.size)
        let etag = "\"\(photo.card.sha256.prefix(32))\""
        var headers = RangeAnswer.headers(type: photo.format.mimeType, etag: etag, maxAge: 3600)
        headers[.contentDisposition] = "inline; filename*=UTF-8''" + SiteURL.encodeKey(photo.card.name)
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        let answer = try RangeAnswer(request, size: size, etag: etag, headers: &headers)
        if size == 0 { return Response(status: answer.status, headers: headers) }
        return Response(status: answer.status, headers: headers, body: try await body(key: key, range: answer.range, context))
    }

    /// The bytes of `range`: straight from the file when the source keeps one on this machine
    /// (NIO reads it into the response's buffers), else streamed from the source, opened before
    /// the answer starts so an item gone since the look-up is still a 404.
    private func body(key: String, range: ClosedRange<Int>, _ context: GalleryContext) async throws -> ResponseBody {
        if let path = source.localPath(forKey: key) {
            return try await fileIO.loadFile(path: path, range: range, context: context)
        }
        let chunks: ByteChunks
        do { chunks = try await source.stream(key, range: Int64(range.lowerBound)..<Int64(range.upperBound) + 1) } catch {
            throw Self.notInLibrary
        }
        return ResponseBody(contentLength: range.count) { writer in
            for try await chunk in chunks { try await writer.write(ByteBuffer(bytes: chunk)) }
            try await writer.finish(nil)
        }
    }

    static let noMotion = HTTPError(.notFound, message: "This photo holds no motion clip.")
    private static let notInLibrary = HTTPError(.notFound, message: "This file is not in the library (it may have been moved or removed).")
}
