import Hummingbird
import Mustache

/// Renders view models through the Mustache templates loaded once at start-up.
struct PageRenderer: Sendable {
    let library: MustacheLibrary

    /// Loads every template under `Templates/` in `resourcesPath`.
    init(resourcesPath: String) async throws {
        library = try await MustacheLibrary(directory: resourcesPath + "/Templates")
    }

    /// An HTML response of `template` rendered with `model`.
    func response(_ template: String, _ model: Any, status: HTTPResponse.Status = .ok) -> Response {
        let html = library.render(model, withTemplate: template) ?? "<!DOCTYPE html><title>Photolala</title><p>Page template \(template) is missing."
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
