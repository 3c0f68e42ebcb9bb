import Catalog
import Hummingbird

/// The one pipeline behind every group page: folders, collections, searches, tags and share
/// links. A controller names the group (`GroupSpec`) and parses its sort and page; this asks the
/// catalog, builds the view model and renders it, or sends the page kept for the same catalog
/// version, address, account and layout (`PageCache`) with this visitor's form token in it.
struct GroupPage: Sendable {
    /// What each page's audience reads its photos through (`GroupSpec.view`).
    let reads: CatalogReads
    /// What the household's pages offer around the photos: subfolders, albums.
    let store: any AlbumStore
    let pages: PageKit
    let pageSize: Int
    let cache: PageCache
    /// Names the place a search is narrowed to.
    let places: PlaceBook

    func response(_ spec: GroupSpec, query: GroupQuery, _ request: Request, _ context: GalleryContext) async throws -> Response {
        if spec.audience.takesFilters, let named = try await placeByName(request) { return named }
        // The key is read before the catalog is, so a change made meanwhile is never kept under an older version.
        let key = PageCache.Key(version: spec.view.version, likeness: spec.base.readsLikeness ? spec.view.likenessVersion : 0, request, context, visitor: spec.audience.visitor(context),
                                layout: spec.audience.layout(request, context), notes: spec.albumShared?.cacheKey ?? "")
        return try await cache.response(key, request, context) { (try await render(spec, query: query, request, $0), spec.keepsPage) }
    }

    /// The page, rendered: the group's page built into its view model, with what the page's
    /// audience is offered around it (`GroupAudience`).
    private func render(_ spec: GroupSpec, query: GroupQuery, _ request: Request, _ context: GalleryContext) async throws -> ByteBuffer {
        let filter = spec.audience.takesFilters ? try FilterQuery.parse(request.uri, viewer: spec.view.viewer) : SearchFilter()
        let group: PhotoGroup = filter.isEmpty ? spec.base : .filtered(spec.base, filter)
        guard let page = try await spec.view.page(group, sort: query.sort, number: query.page, perPage: pageSize) else {
            throw PageError(.notFound, message: spec.missingPage(query.page))
        }
        if case .tag = spec.base, page.total == 0, filter.isEmpty { throw PageError(.notFound, message: Phrase("No photo carries this tag.")) }
        var builder = GroupPageBuilder(group: group, title: spec.title, page: page, sort: query.sort, subfolders: [])
        builder.scope = spec.audience.scope
        builder.streams = spec.stream != nil
        let pageChrome = try await spec.audience.prepare(&builder, spec, filter: filter, query: query, self, request, context)
        if let burst = builder.burstPage(chrome: pageChrome) { return try pages.render(BurstView.template, burst, for: context) }
        var model = builder.build(chrome: pageChrome)
        spec.audience.finish(&model, spec, builder: builder, request, context)
        if let plan = spec.stream {
            // The stream is every photo by day: no sorts, no filters, no link of it all to share.
            model.stream = TimelineScrubber(months: plan.months, until: plan.until)
            model.stream?.start = StartForm.offered(to: context)
            model.filterForm = nil
            model.share = nil
        }
        // (a private folder's or album's privacy is said under its head, with its button, not in the menu)
        model.hasMore = model.album?.canEdit == true || (model.privacy.map { $0.note == nil && $0.value != nil } ?? false)
        if spec.summaryPrefix != nil || spec.summarySuffix != nil {
            model.summary = Phrase.joined([spec.summaryPrefix, model.summary, spec.summarySuffix].compactMap { $0 }, separator: " · ")
        }
        return try pages.render(GroupView.template, model, for: context)
    }

    /// `place=` given as a name a person typed ("Paris", "Paris, France"): a redirect to the same
    /// page with the place's code, so every link and bookmark after it says the code; a name the
    /// gazetteer does not know is a 400. Nil when the value is a code already, or absent.
    private func placeByName(_ request: Request) async throws -> Response? {
        guard let raw = request.uri.queryParameters["place"].map({ String($0).replacingOccurrences(of: "+", with: " ") })?
                .removingPercentEncoding?.trimmingCharacters(in: .whitespaces),
              !raw.isEmpty, PlaceScope(code: raw) == nil, PlaceScope(code: raw.uppercased()) == nil else { return nil }
        guard raw.count <= 200, let scope = await places.scope(named: raw) else {
            throw PageError(.badRequest,
                            message: Phrase("place: no place called “\(raw.prefix(60))” is known; use a place’s name as the Places page writes it (Paris, or Paris, France), or a code (FR, FR.11)."))
        }
        let items = (request.uri.query ?? "").split(separator: "&").map { item in
            item.hasPrefix("place=") ? Substring("place=" + SiteURL.encodeSegment(scope.code)) : item
        }
        return Response.redirect(to: request.uri.path + "?" + items.joined(separator: "&"), type: .normal)
    }
}
