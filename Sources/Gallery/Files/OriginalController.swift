import Catalog
import Foundation
import Hummingbird

/// Serves original files, only those the catalog knows, with Range support.
struct OriginalController: Sendable {
    let store: any PhotoQueries
    let source: PhotoSource
    let fileIO = FileIO()

    func register(with routes: Routes) {
        routes.viewer.get("/originals/**", use: serve)
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = Paths.decodeKey(rawPath: request.uri.path, prefix: "/originals/") else {
            throw HTTPError(.notFound, message: "This file is not in the library (it may have been moved or removed).")
        }
        return try await respond(key: key, request, context)
    }

    func respond(key: String, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await store.photo(key: key),
              let path = source.localPath(forKey: key),
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw HTTPError(.notFound, message: "This file is not in the library (it may have been moved or removed).")
        }
        var headers = HTTPFields()
        headers[.contentType] = photo.format.mimeType
        headers[.acceptRanges] = "bytes"
        headers[.cacheControl] = "private, max-age=3600"
        headers[.contentDisposition] = "inline; filename*=UTF-8''" + Paths.encodeKey(photo.card.name)
        let etag = "\"\(photo.card.sha256.prefix(32))\""
        headers[.eTag] = etag
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        var range = 0...max(0, size - 1)
        var status = HTTPResponse.Status.ok
        if let header = request.headers[.range], request.headers[.ifRange].map({ $0 == etag }) ?? true {
            guard let requested = ByteRange.parse(header, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                throw HTTPError(.rangeNotSatisfiable, headers: headers, message: "The requested byte range is outside the file.")
            }
            range = requested
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
        }
        headers[.contentLength] = String(size == 0 ? 0 : range.count)
        if size == 0 { return Response(status: status, headers: headers) }
        let body = try await fileIO.loadFile(path: path, range: range, context: context)
        return Response(status: status, headers: headers, body: body)
    }
}
