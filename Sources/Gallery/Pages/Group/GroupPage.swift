import Catalog
import Hummingbird

/// The one pipeline behind every group page: folders, collections, searches, tags and share
/// links. A controller names the group (`GroupSpec`) and parses its sort and page; this asks the
/// catalog, builds the view model and renders it, or sends the page kept for the same catalog
/// version, address, account and layout (`PageCache`) with this visitor's form token in it.
struct GroupPage: Sendable {
    let store: any PhotoQueries & AlbumStore
    let renderer: PageRenderer
    let chrome: ChromeBuilder
    let pageSize: Int
    let cache: PageCache

    func response(_ spec: GroupSpec, query: GroupQuery, _ request: Request, _ context: GalleryContext) async throws -> Response {
        // The key is read before the catalog is, so a change made meanwhile is never kept under an older version.
        let key = PageCache.Key(version: store.version, request, context, chrome: chrome,
                                visitor: spec.scope.isShared ? .nobody : context.visitor,
                                layout: spec.scope.isShared ? "" : ViewMode.of(request, account: context.visitor.account).rawValue)
        return try await cache.response(key, request, context) { try await render(spec, query: query, request, $0) }
    }

    /// The page, rendered.
    private func render(_ spec: GroupSpec, query: GroupQuery, _ request: Request, _ context: GalleryContext) async throws -> ByteBuffer {
        let visitor = spec.scope.isShared ? Visitor.nobody : context.visitor
        let viewer = spec.viewer ?? visitor.viewer
        let filter = spec.takesFilters ? try FilterQuery.parse(request.uri, viewer: viewer) : SearchFilter()
        let group: PhotoGroup = filter.isEmpty ? spec.base : .filtered(spec.base, filter)
        guard let page = try await store.page(group, sort: query.sort, number: query.page, perPage: pageSize, viewer: viewer) else {
            throw HTTPError(.notFound, message: spec.missingPage(query.page))
        }
        if case .tag = spec.base, page.total == 0, filter.isEmpty { throw HTTPError(.notFound, message: "No photo carries this tag.") }
        var builder = GroupPageBuilder(group: group, title: spec.title, page: page, sort: query.sort, subfolders: [])
        builder.scope = spec.scope
        let pageChrome: PageChrome
        if spec.scope.isShared {
            pageChrome = chrome.sharedChrome(title: spec.title)
        } else {
            if let folder = spec.folder {
                builder.subfolders = page.number == 1 && filter.isEmpty ? try await store.folders(in: folder.path).map(FolderCard.init) : []
                builder.folderCount = folder.folderCount
            }
            builder.filterForm = FilterForm(base: spec.base, filter: filter, sort: query.sort,
                                            tagNames: try await store.tagCounts().map(\.name))
            builder.csrf = context.csrfToken
            builder.visitor = visitor
            builder.share = ShareForm.offer(spec.base, filter: filter, context: context)
            if query.selecting, visitor.can(.viewer) {
                builder.selection = SelectionForm(base: spec.base, filter: filter, sort: query.sort, page: page.number, total: page.total,
                                                  visitor: visitor, csrf: context.csrfToken)
                if visitor.can(.member) { builder.selection?.albumNames = try await store.albums().map(\.name) }
            }
            pageChrome = chrome.chrome(title: spec.title, crumbs: spec.crumbs, for: context)
        }
        var model = builder.build(chrome: pageChrome)
        if !spec.scope.isShared, !model.photos.isEmpty {
            let mode = ViewMode.of(request, account: context.visitor.account)
            // (the base path is already off the request here; the redirect puts it back)
            let back = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
            model.views = ViewForm(csrf: context.csrfToken, back: back,
                                   choices: ViewMode.allCases.map { ViewChoice(label: $0.label, mode: $0.rawValue, current: $0 == mode) })
            model.gridClass = mode == .list || mode == .medium ? "photos" : "photos size-\(mode.rawValue)"
            model.tileSizes = mode.tileSizes
            if mode == .list, builder.selection == nil {
                model.list = ListView(rows: page.photos.enumerated().map { i, card in
                    ListRow(url: model.photos[i].url, name: card.name, image: ThumbImage(card.picture, alt: ""),
                            dateText: card.takenAt.map(Formatting.cameraDate) ?? "–", sizeText: Formatting.bytes(card.size),
                            starsText: card.rating == 0 ? "–" : String(repeating: "★", count: card.rating))
                })
            }
        }
        model.album = spec.scope.isShared ? nil : spec.album
        model.shareUpload = spec.scope.isShared ? spec.shareUpload : nil
        // The form token of whoever the page is rendered for: the cache's placeholder, never a visitor's own.
        model.shareUpload?.csrf = context.csrfToken
        model.downloadAll = spec.scope.isShared && !model.photos.isEmpty ? spec.downloadAll : nil
        model.summary = spec.summaryPrefix + model.summary + spec.summarySuffix
        return try renderer.render(GroupView.template, model)
    }
}
