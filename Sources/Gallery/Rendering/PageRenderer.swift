import Foundation
import Hummingbird

/// Renders view models through the Mustache templates, compiled once at start-up.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    /// What every link in a page gets in front when the gallery is served under a prefix.
    let base: BasePath
    /// The languages pages can be written in.
    let languages: Languages

    /// Compiles every template under `Templates/` in `resourcesPath`, for English and each
    /// language with a catalog under `Locales/`.
    init(resourcesPath: String, base: BasePath = .none) throws {
        languages = try Languages(directory: resourcesPath + "/Locales")
        templates = try TemplateSet(directory: resourcesPath + "/Templates", languages: languages)
        self.base = base
    }

    /// The page `template` makes of `model`, in `language`. A missing template or a model that cannot be
    /// encoded is a bug: it throws a `RenderError`, which the error page logs and answers with a 500.
    func render<Model: Encodable>(_ template: String, _ model: Model, in language: Language) throws -> ByteBuffer {
        let bytes: [UInt8]?
        do { bytes = try templates.render(model, template: template, base: base, language: language) } catch {
            throw RenderError(template: template, reason: String(reflecting: error))
        }
        guard let bytes else { throw RenderError(template: template, reason: "there is no such template") }
        return ByteBuffer(bytes: bytes)
    }

    /// An HTML response of the page `model`, through its own template.
    func response<Model: PageModel>(_ model: Model, status: HTTPResponse.Status = .ok, in language: Language) throws -> Response {
        Response(status: status, headers: Self.pageHeaders, body: .init(byteBuffer: try render(Model.template, model, in: language)))
    }

    /// Pages carry per-visitor content (a name, form tokens) in the visitor's language: no shared cache keeps them.
    static let pageHeaders: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "private, no-cache", .vary: "Cookie, Accept-Language"]
}
