import Catalog
import Foundation
import Hummingbird

/// Virtual groups (favorites, top rated, tags, recently added, duplicates), paged like folders.
struct GroupsController: Sendable {
    let store: any PhotoQueries
    let renderer: PageRenderer
    let chrome: ChromeBuilder
    let pageSize: Int

    func register(with routes: Routes) {
        let router = routes.viewer
        router.get("/favorites") { request, context in try await show(.favorites(context.visitor.viewer), request, context) }
        router.get("/top-rated") { request, context in try await show(.topRated, request, context) }
        router.get("/recent") { request, context in try await show(.recent, request, context) }
        router.get("/duplicates") { request, context in try await show(.duplicates, request, context) }
        router.get("/tags", use: tags)
        router.get(RouterPath(Paths.search)) { request, context in try await show(.all, request, context) }
        router.get("/tags/:name") { request, context in
            guard let raw = context.parameters.get("name"), let name = raw.removingPercentEncoding, !name.isEmpty else {
                throw HTTPError(.notFound, message: "No such tag.")
            }
            return try await show(.tag(name), request, context)
        }
    }

    func show(_ base: PhotoGroup, _ request: Request, _ context: GalleryContext) async throws -> Response {
        let query = try GroupQuery(request.uri, defaultSort: base.defaultSort)
        let filter = try FilterQuery.parse(request.uri, viewer: context.visitor.viewer)
        let group: PhotoGroup = filter.isEmpty ? base : .filtered(base, filter)
        let title = GroupTitles.title(base)
        guard let page = try await store.page(group, sort: query.sort, number: query.page, perPage: pageSize,
                                              viewer: context.visitor.viewer) else {
            throw HTTPError(.notFound, message: "Page \(query.page) does not exist in “\(title)”.")
        }
        if case .tag = base, page.total == 0, filter.isEmpty { throw HTTPError(.notFound, message: "No photo carries this tag.") }
        var crumbs: [Crumb] = []
        if case .tag = base { crumbs.append(Crumb(name: "Tags", url: Paths.tags)) }
        crumbs.append(Crumb(name: title, url: nil))
        let form = FilterForm(action: Paths.group(base), filter: filter, sort: query.sort,
                              tagNames: try await store.tagCounts().map(\.name), open: base == .all && filter.isEmpty)
        let model = GroupPageBuilder(group: group, title: title, page: page, sort: query.sort, subfolders: [],
                                     filterForm: form, csrf: context.csrfToken, visitor: context.visitor,
                                     share: ShareForm.offer(base, filter: filter, context: context))
            .build(chrome: chrome.chrome(title: title, crumbs: crumbs, for: context))
        return renderer.response("group", model)
    }

    @Sendable func tags(_ request: Request, context: GalleryContext) async throws -> Response {
        let tags = try await store.tagCounts().map { TagsView.Tag(name: $0.name, url: Paths.group(.tag($0.name)),
                                                             countText: Formatting.plural($0.count, "photo", "photos")) }
        let model = TagsView(chrome: chrome.chrome(title: "Tags", crumbs: [Crumb(name: "Tags", url: nil)], for: context), tags: tags,
                             summary: Formatting.plural(tags.count, "tag", "tags"),
                             emptyMessage: tags.isEmpty ? "No tags yet: open a photo and add some." : nil)
        return renderer.response("tags", model)
    }
}
