import Catalog
import Foundation
import Hummingbird

/// `/slideshow/KEY`: a group's photos one at a time, full screen, moving on by itself with a
/// `<meta http-equiv="refresh">` (no JavaScript needed), pausable, looping at the end. With
/// JavaScript the arrow keys, the space bar and swipes work too.
struct SlideshowController: Sendable {
    let store: any PhotoQueries
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
        guard let key = SiteURL.decodeKey(rawPath: request.uri.path, prefix: SiteURL.slideshowPrefix),
              let photo = try await store.photo(key: key, viewer: context.visitor.viewer, sight: context.visitor.sight) else {
            throw PhotoController.notFound
        }
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
        let group = try PhotoController.group(from: request.uri, photo: photo, viewer: context.visitor.viewer)
        let sort = try GroupQuery(request.uri, defaultSort: group.defaultSort).sort
        let around = try await store.neighbors(of: photo, in: group, sort: sort, perPage: pageSize, sight: context.visitor.sight)
        // After the last photo, the first again.
        var next = around.next
        if next == nil {
            next = try await store.page(group, sort: sort, number: 1, perPage: 1, viewer: context.visitor.viewer, sight: context.visitor.sight)?.photos.first
        }
        let model = SlideshowView(photo: photo, around: around, next: next, sort: sort, in: group.linkContext, paused: paused, every: every,
                                  frame: frame)
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
    init(photo: PhotoDetail, around: PhotoNeighbors, next: PhotoCard?, sort: PhotoSort, in group: PhotoGroup?, paused: Bool, every: Int,
         frame: Bool = false) {
        let url = { (key: String, paused: Bool) in SiteURL.slideshow(key, sort: sort, in: group, paused: paused, every: every, frame: frame) }
        let fitted = PhotoPageBuilder.fittedSize(width: photo.card.width, height: photo.card.height, box: SiteURL.Rendition.screen.rawValue)
        (title, name) = (photo.card.name, photo.card.name)
        imageURL = SiteURL.Scope.gallery.thumbnail(photo.card.picture, .screen)
        (width, height) = fitted
        positionText = Phrase("\(around.position) of \(around.total)")
        refreshSeconds = paused || next == nil ? nil : every
        nextURL = next.map { url($0.key, paused) }
        nextImage = next.map { SiteURL.Scope.gallery.thumbnail($0.picture, .screen) }
        previousURL = around.previous.map { url($0.key, paused) }
        toggleURL = url(photo.card.key, !paused)
        self.paused = paused
        self.frame = frame
        frameURL = SiteURL.slideshow(photo.card.key, sort: sort, in: group, frame: true)
        exitURL = SiteURL.photo(photo.card.key, sort: sort, in: group)
    }
}
