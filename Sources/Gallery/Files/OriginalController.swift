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
        var headers = HTTPFields()
        headers[.contentType] = photo.format.mimeType
        headers[.acceptRanges] = "bytes"
        headers[.cacheControl] = "private, max-age=3600"
        headers[.contentDisposition] = "inline; filename*=UTF-8''" + SiteURL.encodeKey(photo.card.name)
        let etag = "\"\(photo.card.sha256.prefix(32))\""
        headers[.eTag] = etag
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

    private static let notInLibrary = HTTPError(.notFound, message: "This file is not in the library (it may have been moved or removed).")
}
