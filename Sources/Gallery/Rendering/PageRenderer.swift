import Foundation
import Hummingbird

/// Renders view models through the Mustache templates, compiled once at start-up.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    /// The prefix every link gets when the gallery is served under one (`/photos`), or "".
    let basePath: String

    /// Compiles every template under `Templates/` in `resourcesPath`.
    init(resourcesPath: String, basePath: String = "") throws {
        templates = try TemplateSet(directory: resourcesPath + "/Templates")
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

    /// The page `template` makes of `model`, as bytes with links prefixed; nil when the
    /// template is missing or the model cannot be encoded (both are bugs, answered with a 500).
    func render<Model: Encodable>(_ template: String, _ model: Model) -> ByteBuffer? {
        guard let bytes = try? templates.render(model, template: template) else { return nil }
        guard !basePath.isEmpty else { return ByteBuffer(bytes: bytes) }
        return ByteBuffer(string: prefixLinks(String(decoding: bytes, as: UTF8.self)))
    }

    /// An HTML response of `template` rendered with `model`.
    func response<Model: Encodable>(_ template: String, _ model: Model, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        // Pages carry per-visitor content (a name, form tokens): no shared cache keeps them.
        headers[.cacheControl] = "private, no-cache"
        headers[.vary] = "Cookie"
        guard let page = render(template, model) else {
            let text = "<!DOCTYPE html><title>Photolala</title><p>This page could not be rendered (template \(template)).</p>"
            return Response(status: .internalServerError, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: page))
    }
}
