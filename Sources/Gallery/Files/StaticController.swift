import Foundation
import Hummingbird

/// `GET /static/{file}`: the stylesheet and icons from `Public/`, flat names only.
struct StaticController: Sendable {
    let folder: String
    let fileIO = FileIO()

    static let types = ["css": "text/css; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
                        "js": "text/javascript; charset=utf-8", "ico": "image/x-icon"]

    func register(with routes: Routes) {
        routes.open.get(.staticFile, use: serve)
    }

    @Sendable func serve(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let name = context.parameters.get("file"), !name.hasPrefix("."), !name.contains("/"), !name.contains("\\"),
              let type = Self.types[(name as NSString).pathExtension.lowercased()],
              FileManager.default.fileExists(atPath: folder + "/" + name) else {
            throw HTTPError(.notFound)
        }
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "public, max-age=3600"
        let body = try await fileIO.loadFile(path: folder + "/" + name, context: context)
        return Response(status: .ok, headers: headers, body: body)
    }
}
