import Hummingbird
import Mustache

/// Renders view models through the Mustache templates loaded once at start-up.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// The prefix every link gets when the gallery is served under one (`/photos`), or "".
    let basePath: String

    /// Loads every template under `Templates/` in `resourcesPath`.
    init(resourcesPath: String, basePath: String = "") async throws {
        library = try await MustacheLibrary(directory: resourcesPath + "/Templates")
        self.basePath = basePath
    }

    /// Puts the base path in front of every root-relative link, image and form target. Escaped
    /// text cannot contain `="`, so only attributes the templates wrote are touched.
    func prefixLinks(_ html: String) -> String {
        guard !basePath.isEmpty else { return html }
        var out = html
        for attribute in ["href", "src", "action"] {
            out = out.replacingOccurrences(of: " \(attribute)=\"/", with: " \(attribute)=\"\(basePath)/")
        }
        return out.replacing(#/ srcset="([^"]*)"/#) { match in
            let urls = match.output.1.split(separator: ",").map { entry -> String in
                let trimmed = entry.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("/") ? basePath + trimmed : trimmed
            }
            return " srcset=\"" + urls.joined(separator: ", ") + "\""
        }
    }

    /// An HTML response of `template` rendered with `model`.
    func response(_ template: String, _ model: Any, status: HTTPResponse.Status = .ok) -> Response {
        let html = prefixLinks(library.render(model, withTemplate: template) ?? "<!DOCTYPE html><title>Photolala</title><p>Page template \(template) is missing.")
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
