import Foundation
import Catalog
import Hummingbird
import HummingbirdCore

/// The single-photo view: a screen-sized rendition, neighbours, facts, download.
struct PhotoController: Sendable {
    /// The photo, its neighbours and its clip are read through the visitor's view.
    let reads: CatalogReads
    /// The household's albums the photo is in and may be put in (not shown through a link).
    let albums: any AlbumStore
    let pages: PageKit
    let pageSize: Int
    /// Playable renditions of videos browsers cannot play; nil offers none.
    var playable: PlayableStore?
    /// Photo pages kept between requests, like group pages.
    var cache = PageCache()
    /// Names the place a photo was taken at.
    var places: PlaceBook?

    func register(with routes: Routes) {
        routes.viewer.get(.photo, use: show)
    }

    @Sendable func show(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.photoKey(fromPath: request.uri.path) else { throw Self.notFound }
        return try await render(key: key, in: reads.view(for: context.visitor.audience), shared: nil, request, context)
    }

    static let notFound = PageError(.notFound, message: Phrase("This photo is not in the library (it may have been moved or removed)."))

    /// The photo page; with `shared`, inside a share link: only that group's photos, no way out.
    /// Kept like a group page (`PageCache`), but for a video's, whose playable rendition may be
    /// under way.
    func render(key: String, in view: ScopedCatalog, shared: (title: Phrase, scope: SiteURL.Scope)?, _ request: Request,
                _ context: GalleryContext) async throws -> Response {
        let cacheKey = PageCache.Key(version: view.version, likeness: view.likenessVersion, request, context, visitor: context.visitor, layout: "")
        return try await cache.response(cacheKey, request, context) { try await page(key: key, in: view, shared: shared, request, $0) }
    }

    private func page(key: String, in view: ScopedCatalog, shared: (title: Phrase, scope: SiteURL.Scope)?, _ request: Request,
                      _ context: GalleryContext) async throws -> (bytes: ByteBuffer, keep: Bool) {
        guard let photo = try await view.photo(key: key) else { throw Self.notFound }
        // A Live Photo's clip or a RAW beside its JPEG is part of that shot: its page is the shot's.
        if let owner = photo.pairedToKey, owner != key { return try await page(key: owner, in: view, shared: shared, request, context) }
        let scope = shared?.scope ?? .gallery
        // A link's holders see its photos in its group alone.
        let group = try view.boundary ?? Self.group(from: request.uri, photo: photo, viewer: context.visitor.viewer)
        let sort = try GroupQuery(request.uri, defaultSort: group.defaultSort).sort
        var builder = PhotoPageBuilder(photo: photo, group: group, sort: sort,
                                       around: try await view.neighbors(of: photo, in: group, sort: sort, perPage: pageSize),
                                       pageSize: pageSize, shared: shared.map { ($0.title, $0.scope, view.showsPlaces) }, visitor: context.visitor,
                                       csrf: context.csrfToken)
        builder.timeZone = context.timeZone
        let sight = view.sight
        if view.showsPlaces, let place = photo.location?.place, let places {
            builder.placeName = await places.name(.place(place.id), in: context.language.tag)
        }
        if builder.showsCuration {
            builder.albums = try await albums.albums(containing: photo.photoId, sight: sight)
            if case .album(let albumId) = group.parts.base, let adder = try await albums.albumAdder(albumId: albumId, photoId: photo.photoId),
               let album = builder.albums.first(where: { $0.id == albumId }) {
                builder.albumAdder = (album.name, adder)
            }
            builder.albumNames = context.visitor.can(.member) ? try await albums.albums(sight: sight).map(\.name) : []
        }
        if photo.card.kind == .video {
            builder.video = VideoPlayer(photo, scope: scope, rendition: await playable?.state(sha256: photo.card.sha256))
        }
        builder.live = try await livePlayer(photo, in: view, scope: scope)
        let crumbs = builder.crumbs
        var pageChrome: PageChrome
        if shared != nil {
            pageChrome = pages.sharedChrome(title: .verbatim(photo.card.name))
            pageChrome.crumbs = crumbs
        } else {
            pageChrome = pages.chrome(title: .verbatim(photo.card.name), crumbs: crumbs, for: context)
        }
        // A video's page (or a Live photo's) may offer a playable rendition that is still being made.
        return (try pages.render(PhotoView.template, builder.build(chrome: pageChrome), for: context),
                photo.card.kind != .video && !photo.companions.contains { $0.role == .live })
    }

    /// The player of a Live photo's clip (the video beside it) or a motion photo's (inside it),
    /// with the still as its poster; nil for neither.
    private func livePlayer(_ photo: PhotoDetail, in view: ScopedCatalog, scope: SiteURL.Scope) async throws -> VideoPlayer? {
        if let clip = photo.companions.first(where: { $0.role == .live }),
           let detail = try await view.photo(key: clip.key), detail.card.kind == .video {
            var player = VideoPlayer(detail, scope: scope, rendition: await playable?.state(sha256: detail.card.sha256))
            player.poster = scope.thumbnail(photo.card.picture, .screen)
            return player
        }
        return photo.card.motionLength == nil ? nil : VideoPlayer(motionOf: photo, scope: scope)
    }

    /// The group a photo is shown in: `?in=` when given, else its folder.
    static func group(from uri: URI, photo: PhotoDetail, viewer: Viewer) throws -> PhotoGroup {
        var base = PhotoGroup.folder(photo.folder)
        if let raw = uri.queryParameters["in"].map(String.init) {
            guard let group = PhotoGroup(queryValue: raw, viewer: viewer) else {
                throw PageError(.badRequest, message: Phrase("Unknown group “\(raw)”."))
            }
            base = group
        }
        let filter = try FilterQuery.parse(uri, viewer: viewer)
        return filter.isEmpty ? base : .filtered(base, filter)
    }
}
