import Hummingbird
import NIOCore

/// What a page's controller renders with: the compiled templates and the page chrome (menu,
/// banner, flash), built for each request's visitor.
struct PageKit: Sendable {
    let templates: PageRenderer
    let chromeBuilder: ChromeBuilder

    /// The chrome for a page seen by this request's visitor.
    func chrome(title: Phrase, crumbs: [Crumb] = [], section: NavSection? = nil, for context: GalleryContext) -> PageChrome {
        chromeBuilder.chrome(title: title, crumbs: crumbs, section: section, for: context)
    }

    /// The chrome of a share-link page: no menu, no banner, no way out of the shared group.
    func sharedChrome(title: Phrase) -> PageChrome { chromeBuilder.sharedChrome(title: title) }

    /// Breadcrumbs for a folder (the last one unlinked when `linkLast` is false).
    func crumbs(forFolder path: String, linkLast: Bool) -> [Crumb] { ChromeBuilder.crumbs(forFolder: path, linkLast: linkLast) }

    /// An HTML response of the page `model`, through its own template.
    func response<Model: PageModel>(_ model: Model, status: HTTPResponse.Status = .ok, for context: GalleryContext) throws -> Response {
        try templates.response(model, status: status, in: context.language)
    }

    /// The page `template` makes of `model`, in the visitor's language.
    func render<Model: Encodable>(_ template: String, _ model: Model, for context: GalleryContext) throws -> ByteBuffer {
        try templates.render(template, model, in: context.language)
    }

    /// The scan banner of the moment as a page shows it, in the visitor's language: what a kept
    /// page has put where its banner goes (`PageCache`); empty when no scan runs or failed.
    func banner(for context: GalleryContext) throws -> String {
        guard let banner = chromeBuilder.banner() else { return "" }
        return String(buffer: try templates.render("partials/banner", banner, in: context.language))
    }

    /// The languages pages can be written in.
    var languages: Languages { templates.languages }
}
