import Catalog
import Foundation
import Hummingbird

/// `/slideshow/KEY`: a group's photos one at a time, full screen, moving on by itself with a
/// `<meta http-equiv="refresh">` (no JavaScript needed), pausable, looping at the end. With
/// JavaScript the arrow keys, the space bar and swipes work too. A share link's holders get the
/// same at `/share/TOKEN/slideshow/KEY`, in the link's own group and never outside it
/// (`ShareController.slideshow`).
struct SlideshowController: Sendable {
    let reads: CatalogReads
    let pages: PageKit
    let pageSize: Int

    /// Seconds a photo stays, and the range a person may choose.
    static let defaultSeconds = 6
    /// Seconds a photo stays in the frame view unless `every` says otherwise.
    static let frameSeconds = 30
    static let seconds = 2...60

    func register(with routes: Routes) {
        routes.viewer.get(.slideshow, use: show)
    }

    @Sendable func show(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.slideshowKey(fromPath: request.uri.path) else { throw PhotoController.notFound }
        return try await render(key: key, in: reads.view(for: context.visitor.audience), scope: .gallery, request, context)
    }

    /// The show at `key`, as `view`'s audience may see it: in the gallery in the group the address
    /// names; through a share link in the link's group only, every link of the page inside the
    /// link (`scope`).
    func render(key: String, in view: ScopedCatalog, scope: SiteURL.Scope, _ request: Request, _ context: GalleryContext) async throws -> Response {
        guard let photo = try await view.photo(key: key) else { throw PhotoController.notFound }
        let group = try view.boundary ?? PhotoController.group(from: request.uri, photo: photo, viewer: view.viewer)
        let params = request.uri.queryParameters
        var every = Self.defaultSeconds
        if let raw = params["every"] {
            guard let n = Int(raw), Self.seconds.contains(n) else {
                throw PageError(.badRequest, message: Phrase("every: a photo stays 2 to 60 seconds, not “\(raw.prefix(10))”."))
            }
            every = n
        }
        // The frame view never pauses: it has no controls, and moves on for as long as it is open.
        let frame = params["frame"] == "1"
        let paused = !frame && params["paused"] == "1"
        if frame, params["every"] == nil { every = Self.frameSeconds }
        let sort = try GroupQuery(request.uri, defaultSort: group.defaultSort).sort
        let around = try await view.neighbors(of: photo, in: group, sort: sort, perPage: pageSize)
        // After the last photo, the first again.
        var next = around.next
        if next == nil { next = try await view.page(group, sort: sort, number: 1, perPage: 1)?.photos.first }
        let model = SlideshowView(photo: photo, around: around, next: next, sort: sort, in: group.linkContext, paused: paused, every: every,
                                  frame: frame, shared: view.boundary.map { ($0, scope) })
        return try pages.response(model, for: context)
    }
}

/// The slideshow page: one photo on a dark page, and its few controls.
struct SlideshowView: PageModel {
    static let template = "slideshow"
    var title, name: String
    var imageURL: SiteURL
    var width, height: Int
    var positionText: Phrase
    /// Seconds until the page moves on by itself; nil when paused.
    var refreshSeconds: Int?
    var nextURL: SiteURL?
    /// The next photo's rendition, fetched ahead so it shows at once.
    var nextImage: SiteURL?
    var previousURL: SiteURL?
    var toggleURL: SiteURL
    var paused: Bool
    /// The frame view: the photo alone, no controls and no script.
    var frame: Bool
    /// The frame view of this show, from the slideshow's bar.
    var frameURL: SiteURL
    var exitURL: SiteURL
    let stylesheet = SiteURL.stylesheet
    let favicon = SiteURL.favicon
    let script = SiteURL.slideshowScript

    /// The show at `photo`, standing where `around` says in its group (`group`: nil for a folder,
    /// which the key names) under `sort`, with `next` the photo after it (the group's first after
    /// its last). Playing, the page moves on by itself after `every` seconds; paused, or with
    /// nothing to move on to, it stays. Every link keeps the sort, the group, the pace and whether
    /// the show is paused, but for the one that pauses or plays it.
    /// Through a share link (`shared`), every link stays inside the link and its group.
    init(photo: PhotoDetail, around: PhotoNeighbors, next: PhotoCard?, sort: PhotoSort, in group: PhotoGroup?, paused: Bool, every: Int,
         frame: Bool = false, shared: (group: PhotoGroup, scope: SiteURL.Scope)? = nil) {
        let scope = shared?.scope ?? .gallery
        let url = { (key: String, paused: Bool) in
            scope.slideshow(key, sort: sort, in: group, sharedGroup: shared?.group, paused: paused, every: every, frame: frame)
        }
        let fitted = PhotoPageBuilder.fittedSize(width: photo.card.width, height: photo.card.height, box: SiteURL.Rendition.screen.rawValue)
        (title, name) = (photo.card.name, photo.card.name)
        imageURL = scope.thumbnail(photo.card.picture, .screen)
        (width, height) = fitted
        positionText = Phrase("\(around.position) of \(around.total)")
        refreshSeconds = paused || next == nil ? nil : every
        nextURL = next.map { url($0.key, paused) }
        nextImage = next.map { scope.thumbnail($0.picture, .screen) }
        previousURL = around.previous.map { url($0.key, paused) }
        toggleURL = url(photo.card.key, !paused)
        self.paused = paused
        self.frame = frame
        frameURL = scope.slideshow(photo.card.key, sort: sort, in: group, sharedGroup: shared?.group, frame: true)
        exitURL = scope.photo(photo.card.key, sort: sort, in: group, sharedGroup: shared?.group)
    }
}
