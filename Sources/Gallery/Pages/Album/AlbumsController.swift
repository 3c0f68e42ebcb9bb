import Catalog
import Foundation
import Hummingbird

/// Albums: the list (`/albums`), an album's page (`/albums/ID`, a group like any other), its
/// arranging page (`?arrange=1`), and the forms that make, fill, order and remove them. Every
/// form answers with a 303 back and a line saying what was done.
struct AlbumsController: Sendable {
    let store: any CurationStore & AlbumStore & ShareStore
    let pages: PageKit
    let groupPage: GroupPage
    let flash: FlashMiddleware
    let pageSize: Int

    func register(with routes: Routes) {
        routes.viewer.get(.albums, use: list)
        routes.viewer.get(.album, use: album)
        let actions: [(SiteURL.Action, @Sendable (Request, GalleryContext) async throws -> Response)] = [
            (.albumCreate, create), (.albumUpdate, update), (.albumDelete, delete), (.albumAdd, add),
            (.albumRemove, remove), (.albumMove, move), (.albumCover, cover),
        ]
        for (action, handler) in actions { routes.member.form(.action(action), use: handler) }
    }

    // MARK: pages

    @Sendable func list(_ request: Request, context: GalleryContext) async throws -> Response {
        let albums = try await groupPage.reads.view(for: context.visitor.audience).albums()
        let model = AlbumsView(chrome: pages.chrome(title: Phrase("Albums"), crumbs: [Crumb(name: Phrase("Albums"), url: nil)], section: .albums, for: context),
                               albums: albums, visitor: context.visitor, csrf: context.csrfToken)
        return try pages.response(model, for: context)
    }

    @Sendable func album(_ request: Request, context: GalleryContext) async throws -> Response {
        let album = try await Self.album(context.parameters.get("id"), in: groupPage.reads.view(for: context.visitor.audience))
        if request.uri.queryParameters["arrange"] != nil { return try await arrange(album, request, context) }
        let query = try GroupQuery(request.uri, defaultSort: PhotoGroup.album(album.id).defaultSort)
        var spec = GroupSpec(base: .album(album.id), title: .verbatim(album.name), audience: Household(),
                             view: groupPage.reads.view(for: context.visitor.audience),
                             crumbs: [Crumb(name: Phrase("Albums"), url: SiteURL.albums), Crumb(name: .verbatim(album.name), url: nil)])
        spec.album = AlbumPanel(album, visitor: context.visitor, csrf: context.csrfToken)
        spec.privacy = PrivacyForm.album(album, visitor: context.visitor)
        spec.section = .albums
        if context.visitor.can(.member) {
            let links = try await store.shares(kind: .album, value: String(album.id))
            spec.albumShared = AlbumSharing(links, visitor: context.visitor, now: Int64(Date().timeIntervalSince1970))
        }
        return try await groupPage.response(spec, query: query, request, context)
    }

    /// The album's photos in order, each with the forms that move it, make it the cover or take it out.
    private func arrange(_ album: Album, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard context.visitor.can(.member) else { throw PageError(.forbidden, message: Phrase("Your account can look at albums but not arrange them.")) }
        let query = try GroupQuery(request.uri, defaultSort: PhotoGroup.album(album.id).defaultSort)
        guard let page = try await groupPage.reads.view(for: context.visitor.audience).page(.album(album.id), sort: PhotoGroup.album(album.id).defaultSort,
                                                                                           number: query.page, perPage: pageSize) else {
            throw PageError(.notFound, message: Phrase("Page \(query.page) does not exist in “\(album.name)”."))
        }
        let throughLinks = try await store.photosAddedThroughShares(albumId: album.id)
        let model = ArrangeView(
            chrome: pages.chrome(title: Phrase("Arrange \(album.name)"),
                                 crumbs: [Crumb(name: Phrase("Albums"), url: SiteURL.albums), Crumb(name: .verbatim(album.name), url: SiteURL.album(album.id)),
                                          Crumb(name: Phrase("Arrange"), url: nil)], for: context),
            album: album, page: page, pageSize: pageSize, throughLinks: throughLinks, csrf: context.csrfToken)
        return try pages.response(model, for: context)
    }

    // MARK: forms

    @Sendable func create(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let album = try await Self.catching {
            try await store.createAlbum(name: try form.require("name"), description: form["description"] ?? "",
                                        createdBy: context.visitor.account?.id, now: Date())
        }
        return done(Phrase("Made the album “\(album.name)”."), to: SiteURL.album(album.id).path, context)
    }

    @Sendable func update(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let album = try await Self.album(form["album"], in: groupPage.reads.view(for: context.visitor.audience))
        try await Self.catching { try await store.updateAlbum(id: album.id, name: try form.require("name"), description: form["description"] ?? "") }
        return done(Phrase("Saved the album."), to: SiteURL.album(album.id).path, context)
    }

    @Sendable func delete(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let album = try await Self.album(form["album"], in: groupPage.reads.view(for: context.visitor.audience))
        guard form["confirm"] == "1" else {
            let untick = Phrase("Tick “Yes, delete this album” first: its photos stay in the library, but the album and its order go.")
            throw PageError(.badRequest, message: untick)
        }
        try await Self.catching { try await store.deleteAlbum(id: album.id) }
        return done(Phrase("Deleted the album “\(album.name)”; its photos stay in the library."), to: SiteURL.albums.path, context)
    }

    /// Adds the photo at `key` to the album named `album`, made when there is none of that name.
    @Sendable func add(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let (photoId, key) = try await photo(form, context)
        let (album, made) = try await Self.albumNamed(form["album"] ?? "", store: store, creator: context.visitor.account?.id, in: groupPage.reads.view(for: context.visitor.audience))
        let added = try await Self.catching { try await store.addToAlbum(id: album.id, photoIds: [photoId], now: Date(), by: context.visitor.account?.id) }
        let text = added == 0 ? Phrase("The photo was already in “\(album.name)”.")
            : made ? Phrase("Made the album “\(album.name)” with this photo.") : Phrase("Added to “\(album.name)”.")
        return done(text, to: form.returnPath(default: SiteURL.photo(key)), context)
    }

    @Sendable func remove(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let album = try await Self.album(form["album"], in: groupPage.reads.view(for: context.visitor.audience))
        let (photoId, key) = try await photo(form, context)
        let removed = try await Self.catching { try await store.removeFromAlbum(id: album.id, photoIds: [photoId]) }
        let text = removed == 0 ? Phrase("The photo was not in “\(album.name)”.")
            : Phrase("Took the photo out of “\(album.name)”; it stays in the library.")
        return done(text,
                    to: form.returnPath(default: SiteURL.photo(key)), context)
    }

    @Sendable func move(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let album = try await Self.album(form["album"], in: groupPage.reads.view(for: context.visitor.audience))
        let (photoId, _) = try await photo(form, context)
        let back = form.returnPath(default: SiteURL.album(album.id, arrange: true))
        if let place = form["move"], place == "after" || place == "before" {
            // Where a drag left it: next to another photo of the album, named by its key.
            let other = try form.require("other")
            guard SourceKey.isValid(other), let otherId = try await groupPage.reads.view(for: context.visitor.audience).photoId(forKey: other) else {
                throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto))
            }
            try await Self.catching { try await store.placeInAlbum(id: album.id, photoId: photoId, nextTo: otherId, after: place == "after") }
            return .redirect(to: back, type: .normal)
        }
        guard let move = AlbumMove(rawValue: form["move"] ?? "") else {
            throw PageError(.badRequest, message: Phrase("Move a photo up, down, to the top, or next to another (after or before, with other)."))
        }
        try await Self.catching { try await store.moveInAlbum(id: album.id, photoId: photoId, move) }
        return .redirect(to: back, type: .normal)
    }

    @Sendable func cover(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let album = try await Self.album(form["album"], in: groupPage.reads.view(for: context.visitor.audience))
        let (photoId, _) = try await photo(form, context)
        try await Self.catching { try await store.setAlbumCover(id: album.id, photoId: photoId) }
        return done(Phrase("This photo is now the cover of “\(album.name)”."), to: form.returnPath(default: SiteURL.album(album.id, arrange: true)),
                    context)
    }

    // MARK: helpers

    private func done(_ text: Phrase, to path: String, _ context: GalleryContext) -> Response {
        var response = Response.redirect(to: path, type: .normal)
        flash.set(text, on: &response, context: context)
        return response
    }

    private func photo(_ form: FormBody, _ context: GalleryContext) async throws -> (Int64, String) {
        let key = try form.require("key")
        guard SourceKey.isValid(key), let id = try await groupPage.reads.view(for: context.visitor.audience).photoId(forKey: key) else {
            throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto))
        }
        return (id, key)
    }

    /// The album an id names, as `view`'s audience sees it, or a 404.
    static func album(_ raw: String?, in view: ScopedCatalog) async throws -> Album {
        guard let raw, let id = Int64(raw), id > 0, let album = try await view.album(id: id) else {
            throw PageError(.notFound, message: Phrase(AlbumError.unknownAlbum))
        }
        return album
    }

    /// The album of a typed name, made when there is none; and whether it was made.
    static func albumNamed(_ raw: String, store: any AlbumStore, creator: Int64?, in view: ScopedCatalog) async throws -> (Album, Bool) {
        guard let name = AlbumRules.name(raw) else {
            throw PageError(.badRequest, message: Phrase("Type the album’s name: \(Phrase(AlbumError.invalidName))"))
        }
        if let album = try await store.album(named: name) {
            // Names are the household's: one kept private by someone else is taken, and stays theirs.
            guard try await view.album(id: album.id) != nil else { throw PageError(.conflict, message: Phrase(AlbumError.nameTaken(name))) }
            return (album, false)
        }
        return (try await catching { try await store.createAlbum(name: name, description: "", createdBy: creator, now: Date()) }, true)
    }

    /// Album errors as the pages' errors: 404 for what is gone, 409 for a name taken, else 400.
    @discardableResult
    static func catching<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as AlbumError {
            switch error {
            case .unknownAlbum, .notInAlbum: throw PageError(.notFound, message: Phrase(error))
            case .nameTaken: throw PageError(.conflict, message: Phrase(error))
            case .invalidName, .full: throw PageError(.badRequest, message: Phrase(error))
            }
        }
    }
}
