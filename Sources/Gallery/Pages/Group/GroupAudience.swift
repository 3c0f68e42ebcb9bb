import Catalog
import Hummingbird

/// Who a group page is for, and so what it shows and offers besides its photos: the one
/// difference between the household's group pages and a share link's, which are otherwise the
/// same pipeline (`GroupPage`). A page's links stay inside its audience's `scope`.
protocol GroupAudience: Sendable {
    /// Where the page's links may lead.
    var scope: SiteURL.Scope { get }
    /// Whether filters in the address narrow the group (a share link's group is fixed).
    var takesFilters: Bool { get }
    /// Who the page is rendered, and kept in the page cache, for.
    func visitor(_ context: GalleryContext) -> Visitor
    /// The layout part of the page cache's key.
    func layout(_ request: Request, _ context: GalleryContext) -> String
    /// Adds to the page what this audience is offered before it is built (forms, subfolders, tools),
    /// and says the chrome around it.
    func prepare(_ builder: inout GroupPageBuilder, _ spec: GroupSpec, filter: SearchFilter, query: GroupQuery,
                 _ page: GroupPage, _ request: Request, _ context: GalleryContext) async throws -> PageChrome
    /// Adds to the built page what this audience is offered after it is built.
    func finish(_ model: inout GroupView, _ spec: GroupSpec, builder: GroupPageBuilder, _ request: Request, _ context: GalleryContext)
}

/// The household in its own gallery: its favorites and layout, filters, selection, the share
/// form, subfolders, an album's panel.
struct Household: GroupAudience {
    var scope: SiteURL.Scope { .gallery }
    var takesFilters: Bool { true }

    func visitor(_ context: GalleryContext) -> Visitor { context.visitor }

    func layout(_ request: Request, _ context: GalleryContext) -> String {
        ViewMode.of(request, account: context.visitor.account).rawValue
    }

    func prepare(_ builder: inout GroupPageBuilder, _ spec: GroupSpec, filter: SearchFilter, query: GroupQuery,
                 _ page: GroupPage, _ request: Request, _ context: GalleryContext) async throws -> PageChrome {
        let visitor = context.visitor
        if let folder = spec.folder {
            builder.subfolders = builder.page.number == 1 && filter.isEmpty
                ? try await spec.view.folders(in: folder.path).map(FolderCard.init) : []
            builder.folderCount = folder.folderCount
        }
        let placeName: String? = if let place = filter.place { await page.places.name(place, in: context.language.tag) } else { nil }
        builder.filterForm = FilterForm(base: spec.base, filter: filter, sort: query.sort, tagNames: try await spec.view.tagCounts().map(\.name),
                                        placeName: placeName)
        builder.csrf = context.csrfToken
        builder.visitor = visitor
        builder.share = ShareForm.offer(spec.base, filter: filter, context: context)
        builder.stacks = StackTools(collapses: filter.stack == nil, canKeep: visitor.can(.admin))
        if case .album(let albumId) = spec.base, ViewMode.of(request, account: visitor.account) == .list {
            builder.albumAdders = try await page.store.albumAdders(albumId: albumId, fileIds: builder.page.photos.map(\.fileId))
        }
        if query.selecting, visitor.can(.viewer) {
            builder.selection = SelectionForm(base: spec.base, filter: filter, sort: query.sort, page: builder.page.number,
                                              total: builder.page.total, visitor: visitor, csrf: context.csrfToken)
            if visitor.can(.member) { builder.selection?.albumNames = try await spec.view.albums().map(\.name) }
        }
        return page.pages.chrome(title: spec.title, crumbs: spec.crumbs, section: spec.section, for: context)
    }

    func finish(_ model: inout GroupView, _ spec: GroupSpec, builder: GroupPageBuilder, _ request: Request, _ context: GalleryContext) {
        model.album = spec.album
        model.albumShared = spec.albumShared
        // (its token is the render's, as every form's, so the page cache keeps the page)
        model.privacy = spec.privacy.map { form in
            var form = form
            form.csrf = context.csrfToken
            return form
        }
        guard !model.photos.isEmpty else { return }
        let mode = ViewMode.of(request, account: context.visitor.account)
        // (the base path is already off the request here; the redirect puts it back)
        let back = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        model.views = ViewForm(csrf: context.csrfToken, back: back,
                               choices: ViewMode.allCases.map { ViewChoice(label: $0.label, mode: $0.rawValue, current: $0 == mode) })
        model.gridClass = mode == .list || mode == .medium ? "photos rows" : "photos rows size-\(mode.rawValue)"
        model.lay(in: mode)
        if mode == .list, builder.selection == nil {
            model.list = ListView(rows: builder.shownCards.enumerated().map { i, card in
                var row = ListRow(url: model.photos[i].url, name: card.name, image: ThumbImage(card.picture, alt: .verbatim("")),
                                  dateText: card.takenAt.map { Phrase.date($0, .time) } ?? .verbatim("–"), sizeText: Phrase.bytes(card.size),
                                  starsText: card.rating == 0 ? "–" : String(repeating: "★", count: card.rating))
                if let adder = builder.albumAdders?[card.fileId] { row.adderText = PhotoPageBuilder.describe(adder) }
                return row
            }, showsAdder: builder.albumAdders != nil)
        }
    }
}

/// Whoever holds a share link: the link's photos and nothing of the household's (no favorites,
/// no forms, no layout, no filters), with the link's own zip, an album's description and, for
/// an album's link that takes photos, its upload form.
struct LinkHolders: GroupAudience {
    let token: String
    /// The upload form of an album's link that takes photos.
    var upload: ShareUploadBox?
    /// An album's link's album: its description, and nothing of the household's tools.
    var album: AlbumPanel?

    var scope: SiteURL.Scope { .share(token) }
    var takesFilters: Bool { false }

    func visitor(_ context: GalleryContext) -> Visitor { .nobody }

    func layout(_ request: Request, _ context: GalleryContext) -> String { "" }

    func prepare(_ builder: inout GroupPageBuilder, _ spec: GroupSpec, filter: SearchFilter, query: GroupQuery,
                 _ page: GroupPage, _ request: Request, _ context: GalleryContext) async throws -> PageChrome {
        page.pages.sharedChrome(title: spec.title)
    }

    func finish(_ model: inout GroupView, _ spec: GroupSpec, builder: GroupPageBuilder, _ request: Request, _ context: GalleryContext) {
        model.shareUpload = upload
        // The form token of whoever the page is rendered for: the cache's placeholder, never a visitor's own.
        model.shareUpload?.csrf = context.csrfToken
        model.downloadAll = model.photos.isEmpty ? nil : scope.zip
        model.album = album
    }
}
