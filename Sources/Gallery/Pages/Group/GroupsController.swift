import Catalog
import Foundation
import Hummingbird

/// Virtual groups (favorites, top rated, tags, recently added, duplicates), paged like folders.
struct GroupsController: Sendable {
    let pages: PageKit
    let groupPage: GroupPage

    func register(with routes: Routes) {
        let router = routes.viewer
        router.get(.favorites) { request, context in try await show(.favorites(context.visitor.viewer), section: .favorites, request, context) }
        router.get(.topRated) { request, context in try await show(.topRated, request, context) }
        router.get(.recent) { request, context in try await show(.recent, request, context) }
        router.get(.duplicates) { request, context in try await show(.duplicates, request, context) }
        router.get(.similar) { request, context in
            var within = PhotoGroup.similarDefault
            if let raw = request.uri.queryParameters["within"].map(String.init) {
                guard let n = Int(raw), PhotoGroup.similarThresholds.contains(n) else {
                    throw PageError(.badRequest, message: Phrase("within: use 4, 6, 8 or 10 (how many bits of 64 two photos’ likeness may differ in)."))
                }
                within = n
            }
            return try await show(.similar(within: within), request, context)
        }
        router.get(.tags, use: tags)
        router.get(.search) { request, context in try await show(.all, section: .search, request, context) }
        router.get(.tag) { request, context in
            guard let raw = context.parameters.get("name"), let name = raw.removingPercentEncoding, !name.isEmpty else {
                throw PageError(.notFound, message: Phrase("No such tag."))
            }
            return try await show(.tag(name), request, context)
        }
    }

    func show(_ base: PhotoGroup, section: NavSection? = nil, _ request: Request, _ context: GalleryContext) async throws -> Response {
        let query = try GroupQuery(request.uri, defaultSort: base.defaultSort)
        // A month of the timeline is named for its month, under the Timeline.
        let month = base == .all ? (try? FilterQuery.parse(request.uri)).flatMap(GroupTitles.monthTitle) : nil
        let title = month ?? GroupTitles.title(base)
        var crumbs: [Crumb] = []
        if case .tag = base { crumbs.append(Crumb(name: Phrase("Tags"), url: SiteURL.tags)) }
        if month != nil { crumbs.append(Crumb(name: Phrase("Timeline"), url: SiteURL.timeline)) }
        crumbs.append(Crumb(name: title, url: nil))
        var spec = GroupSpec(base: base, title: title, audience: Household(), view: groupPage.reads.view(for: context.visitor.audience), crumbs: crumbs)
        spec.section = month != nil ? .photos : section
        return try await groupPage.response(spec, query: query, request, context)
    }

    @Sendable func tags(_ request: Request, context: GalleryContext) async throws -> Response {
        let tags = try await groupPage.reads.view(for: context.visitor.audience).tagCounts().map { tag in
            NamedLink(name: .verbatim(tag.name), url: SiteURL.group(.tag(tag.name)),
                      countText: Phrase(count: tag.count, "\(tag.count) photo", "\(tag.count) photos"))
        }
        let model = TagsView(chrome: pages.chrome(title: Phrase("Tags"), crumbs: [Crumb(name: Phrase("Tags"), url: nil)], for: context), tags: tags,
                             summary: Phrase(count: tags.count, "\(tags.count) tag", "\(tags.count) tags"),
                             emptyMessage: tags.isEmpty ? Phrase("No tags yet: open a photo and add some.") : nil)
        return try pages.response(model, for: context)
    }
}
