import Hummingbird

/// A route pattern the router registers, named beside the links that lead to it (`SiteURL`), so
/// no controller spells a path.
struct SiteRoute: Sendable {
    let pattern: RouterPath

    private init(_ pattern: String) { self.pattern = RouterPath(pattern) }

    /// The route of a fixed place: its path is its pattern.
    init(_ url: SiteURL) { self.init(url.path) }

    static let home = SiteRoute(.home)
    static let rootFolder = SiteRoute(.rootFolder)
    static let library = SiteRoute(.library)
    static let folder = SiteRoute(SiteURL.folderPrefix + "**")
    static let scan = SiteRoute(.scan)
    static let favorites = SiteRoute(.favorites)
    static let topRated = SiteRoute(.topRated)
    static let recent = SiteRoute(.recent)
    static let duplicates = SiteRoute(.duplicates)
    static let similar = SiteRoute(.similar)
    static let tags = SiteRoute(.tags)
    static let tag = SiteRoute(SiteURL.tagPrefix + ":name")
    static let search = SiteRoute(.search)
    static let photo = SiteRoute(SiteURL.photoPrefix + "**")
    static let original = SiteRoute(SiteURL.originalPrefix + "**")
    static let motion = SiteRoute(SiteURL.motionPrefix + "**")
    static let thumbnail = SiteRoute(SiteURL.thumbnailPrefix + ":size/:file")
    static let play = SiteRoute(SiteURL.playPrefix + "**")
    static let playable = SiteRoute(SiteURL.playablePrefix + ":file")
    static let staticFile = SiteRoute(SiteURL.staticPrefix + ":file")
    static let confirmDelete = SiteRoute(SiteURL.confirmDeletePath)
    static let trash = SiteRoute(.trash)
    static let confirmEmptyTrash = SiteRoute(.confirmEmptyTrash)
    static let login = SiteRoute(.login)
    static let oidcStart = SiteRoute(.oidcStart)
    static let oidcCallback = SiteRoute(.oidcCallback)
    static let logout = SiteRoute(.logout)
    static let account = SiteRoute(.account)
    static let users = SiteRoute(.users)
    static let upload = SiteRoute(.upload)
    static let shared = SiteRoute(.shared)
    static let confirmUnshare = SiteRoute(SiteURL.confirmUnsharePath)
    static let albums = SiteRoute(.albums)
    static let timeline = SiteRoute(.timeline)
    static let timelineMonths = SiteRoute(.timelineMonths)
    static let places = SiteRoute(.places())
    static let view = SiteRoute(.view)
    static let slideshow = SiteRoute(SiteURL.slideshowPrefix + "**")
    static let album = SiteRoute(SiteURL.albumPrefix + ":id")
    /// A share link's pages: its group, its photos, their thumbnails and originals, as in the gallery.
    static let share = SiteRoute(SiteURL.sharePrefix + ":token")
    static let sharePhoto = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.photoPrefix + "**")
    /// A share link's slideshow and frame view, in the link's own group.
    static let shareSlideshow = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.slideshowPrefix + "**")
    static let shareThumbnail = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.thumbnailPrefix + ":size/:file")
    /// Where an album's link that takes photos sends them.
    static let shareUpload = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.shareUploadSuffix)
    /// A share link's photos as one zip.
    static let shareZip = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.shareZipSuffix)
    static let shareOriginal = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.originalPrefix + "**")
    static let shareMotion = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.motionPrefix + "**")
    static let sharePlay = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.playPrefix + "**")
    static let sharePlayable = SiteRoute(SiteURL.sharePrefix + ":token" + SiteURL.playablePrefix + ":file")
    static let health = SiteRoute(.health)
    static let metrics = SiteRoute(.metrics)

    /// Where a form posts.
    static func action(_ action: SiteURL.Action) -> SiteRoute { SiteRoute(action.url) }
}

extension RouterMethods {
    /// GET (and so HEAD) on a typed route.
    @discardableResult func get(_ route: SiteRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(route.pattern, method: .get, use: handler)
    }

    /// A form's address: POST does what it says, and a GET of it (a link followed, a page
    /// reloaded) is answered 405 and changes nothing.
    @discardableResult func form(_ route: SiteRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(route.pattern, method: .post, use: handler)
        return on(route.pattern, method: .get) { _, _ -> Response in
            throw PageError(.methodNotAllowed, headers: [.allow: "POST"], message: Phrase("This address only accepts a form submission (POST)."))
        }
    }

    /// POST on a typed route whose GET is another thing (the sign-in page, a share link's page)
    /// or nothing.
    @discardableResult func post(_ route: SiteRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(route.pattern, method: .post, use: handler)
    }
}
