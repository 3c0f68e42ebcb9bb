import CompressNIO
import Crypto
import Foundation
import Hummingbird

/// `GET /static/{file}`: the stylesheet, scripts and icons from `Public/`, flat names only. They
/// are read once, when the server starts, each with a strong ETag (from its SHA-256) and, for
/// text, a gzip copy made then: a request costs a dictionary look-up, never a disk read or a
/// compression, and a repeat visit is a 304.
struct StaticController: Sendable {
    struct Asset: Sendable {
        var type: String
        var bytes: ByteBuffer
        /// The gzip copy, when the file is text and it is smaller.
        var gzipped: ByteBuffer?
        var etag: String
    }

    static let types = ["css": "text/css; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
                        "js": "text/javascript; charset=utf-8", "ico": "image/x-icon"]

    let assets: [String: Asset]

    /// Reads every file of a served type in `folder` (not its subfolders, nor hidden files).
    init(folder: String) {
        var assets: [String: Asset] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            guard let type = Self.types[(name as NSString).pathExtension.lowercased()],
                  let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let bytes = ByteBuffer(bytes: data)
            let digest = SHA256.hash(data: data).prefix(12).map { String(format: "%02x", $0) }.joined()
            var gzipped: ByteBuffer?
            var plain = bytes
            if Compression.isCompressible(type), let packed = try? plain.compress(with: .gzip(configuration: .init(compressionLevel: 9))),
               packed.readableBytes < data.count {
                gzipped = packed
            }
            assets[name] = Asset(type: type, bytes: bytes, gzipped: gzipped, etag: "\"\(digest)\"")
        }
        self.assets = assets
    }

    func register(with routes: Routes) {
        routes.open.get(.staticFile, use: serve)
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let name = context.parameters.get("file"), let asset = assets[name] else { throw PageError(.notFound) }
        return answer(asset, to: request)
    }

    /// The asset for a request's path, when the path is exactly `/static/` and a served file's name.
    func asset(at path: String) -> Asset? {
        guard path.utf8.count > SiteURL.staticPrefix.utf8.count, path.hasPrefix(SiteURL.staticPrefix) else { return nil }
        return assets[String(path.dropFirst(SiteURL.staticPrefix.count))]
    }

    /// A 200 with the file (gzip when the client takes it) or a 304 when the client has it.
    func answer(_ asset: Asset, to request: Request) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = asset.type
        headers[.cacheControl] = "public, max-age=3600"
        headers[.eTag] = asset.etag
        if asset.gzipped != nil { Compression.addVary(&headers) }
        if let match = request.headers[.ifNoneMatch], match == asset.etag || match == "*" {
            return Response(status: .notModified, headers: headers)
        }
        if let gzipped = asset.gzipped, AcceptEncoding.allowsGzip(request.headers[.acceptEncoding]) {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: gzipped))
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: asset.bytes))
    }
}
