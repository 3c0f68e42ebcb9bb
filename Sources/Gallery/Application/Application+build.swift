import Catalog
import Foundation
import Hummingbird
import Imaging
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the whole web app from a configuration: `@main` and the tests call this same function.
/// The photos come from the library folder, or from `source` when one is given (tests run the
/// app over an in-memory source too); a bucket that shares renditions (`--cache s3://…`) comes in
/// as `sharedRenditions`, a folder that does is opened here.
public func buildApplication(_ config: GalleryConfig, source: (any PhotoSource)? = nil, sharedRenditions: (any SharedRenditionStore)? = nil,
                             logger: Logger = Logger(label: "photolala")) async throws -> some ApplicationProtocol {
    let parts = try await GalleryParts(config: config, source: source, sharedRenditions: sharedRenditions, logger: logger)
    // The catalog's own service comes first, so that it ends after the server (a group ends its
    // services in the reverse of their order).
    var services: [any Service] = parts.store.capabilities.service.map { [$0] } ?? []
    services.append(UpkeepService(recount: parts.recount, backup: parts.backup, logger: logger))
    services.append(RecurringWork(failure: "places could not be named", done: { "named the places of \($0) photos" },
                                  round: { [naming = parts.placeNaming] in try await naming.nameWaiting() }, logger: logger))
    services.append(RecurringWork(failure: "photos could not be measured", done: { "measured the likeness of \($0) photos" },
                                  round: { [likeness = parts.likeness] in try await likeness.measureWaiting() }, logger: logger))
    services.append(RecurringWork(failure: "sidecars could not be written", done: { "wrote \($0) sidecars" },
                                  round: { [sidecars = parts.sidecars] in try await sidecars.writeWaiting() }, logger: logger))
    if let hindrance = await parts.sidecars.hindrance() {
        logger.notice("sidecars are not written: \(hindrance); the curation stays in the catalog")
    }
    if config.scanOnStart || config.watch || config.rescanMinutes > 0 {
        services.append(ScanService(scanner: parts.scanner, logger: logger, scanOnStart: config.scanOnStart,
                                    watched: config.watch ? parts.source : nil,
                                    rescanInterval: config.rescanMinutes > 0 ? Double(config.rescanMinutes) * 60 : nil,
                                    settle: config.watchSettleSeconds, afterScan: parts.afterScan))
    }
    if let port = config.metricsPort {
        // A listener of its own, so /metrics can stay on a private network while the gallery is public.
        let router = Router()
        router.get(.metrics, use: MetricsController(metrics: parts.metrics, token: nil).serve)
        services.append(Application(router: router, configuration: .init(address: .hostname(config.host, port: port), serverName: "Photolala metrics"),
                                    logger: logger))
    }
    let counter = ConnectionGuard.Counter(perAddress: config.connectionsPerAddress, total: config.maxConnections, exempt: config.trustedProxies)
    let limits = ConnectionGuard.Limits(headerTimeout: .seconds(Int64(config.headerTimeout)), minimumBodyRate: config.minimumBodyRate,
                                        rateWindow: .seconds(Int64(config.rateWindowSeconds)))
    return Application(
        responder: FrontDoorResponder(names: ServerNames(publicURLs: config.publicURLs),
                                      inner: BasePathResponder(base: BasePath(prefix: config.basePath), inner: parts.responder()),
                                      activity: parts.activity),
        server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, counter: counter)],
                                            idleTimeout: .seconds(Int64(config.idleTimeout)))),
        configuration: .init(address: .hostname(config.host, port: config.port), serverName: "Photolala"),
        services: services,
        logger: logger
    )
}

/// The catalog, scanner and router behind one gallery; `buildApplication` wires them into a server.
public struct GalleryParts {
    public let store: any PhotoCatalog
    public let monitor: ScanMonitor
    public let scanner: LibraryScanner
    public let source: any PhotoSource
    /// bcrypt hashing as configured (the CLI's `users` command uses the same).
    public let passwords: Passwords
    /// The Prometheus metrics.
    public let metrics: GalleryMetrics
    let router: Router<GalleryContext>
    /// Static files, the health check and warm renditions, answered before the router (`ShortcutResponder`).
    let statics: StaticController
    let health: HealthController
    let thumbnailRoutes: ThumbnailController
    /// The WebDAV door under /dav/, answered before the router.
    let dav: DavController
    /// The JSON API under /api/v1/, answered before the router.
    let api: APIDoor
    /// Who is asking, for the warm renditions answered before the router.
    let sessionLayer: SessionMiddleware
    /// The layer every answer passes through, the shortcuts' included.
    let outer: ResponseMiddleware
    /// What follows each scan: the renditions of content the scan probed anew are deleted (they
    /// show what was read before). The home page's collections are counted anew as a scan finishes
    /// (`LibraryScanner.finishing`).
    let afterScan: @Sendable () async -> Void
    /// Counts the home page's collections and the timeline anew (`BrowseController.recount`).
    let recount: @Sendable () async -> Void
    /// Writes today's backup of the catalog unless there is one (`PhotoCatalog.dailyBackup`).
    let backup: @Sendable () async throws -> Void
    /// Names the positions the scans read after the gazetteer's places (a `RecurringWork` runs it).
    public let placeNaming: PlaceNaming
    /// Measures how alike stills are and stacks bursts (a `RecurringWork` runs it).
    public let likeness: LikenessMeasuring
    /// When the last request came, for the work done beside the requests to give way.
    let activity = RequestActivity()
    /// Writes curation to XMP sidecars (`--write-sidecars`).
    public let sidecars: SidecarWriting

    /// Every registered route as "METHOD /path", for tests that walk them all.
    public var routeList: [String] { router.routes.map(\.description) }

    /// Opens the catalog in the data folder, loads templates and registers every route. The photos
    /// come from `source`, or else from the library folder, with its trash in the data folder.
    public init(config: GalleryConfig, source: (any PhotoSource)? = nil, sharedRenditions: (any SharedRenditionStore)? = nil,
                logger: Logger) async throws {
        try config.validate()
        let shared = try Self.sharedRenditions(config, given: sharedRenditions)
        if let shared, let problem = await shared.unavailableReason() {
            logger.error("the shared rendition cache cannot be used just now; renditions are made here until it can",
                         metadata: ["cache": "\(shared.displayName)", "problem": "\(problem)"])
        }
        // (A shared catalog's instance keeps its renditions and journal in its data folder all the same.)
        if config.catalogURL != nil { try OwnerOnly.folder(config.dataPath) }
        // Refused before anything reads the library: another library's photos are never dropped from this catalog.
        // The catalog's check of every page runs beside the first requests; `buildApplication`
        // runs the catalog's service, which ends the server if the check finds damage.
        let runtime = try await Runtime.start(CatalogLocation(catalog: config.catalogURL, dataFolder: config.dataPath), library: config.libraryPath,
                                              dataFolder: config.dataPath, imaging: config.imaging, check: .whileServing, logger: logger)
        Imaging.startVisitorWorkersAhead()
        store = runtime.store
        // The secret share links' tokens are derived from, in the data folder (not the catalog).
        let shareTokens = try ShareTokens.load(dataFolder: config.dataPath)
        let source: any PhotoSource = source ?? LocalFolderSource(root: config.libraryPath, trashFolder: config.dataPath + "/trash", logger: logger)
        self.source = source
        let recovered = try await store.recoverTrashMoves(source: source)
        if recovered > 0 { logger.notice("finished or undid \(recovered) interrupted trash moves") }
        backup = { [store] in try await store.dailyBackup(now: Date(), keep: 7) }
        let (journal, recovery) = (runtime.journal, runtime.recovery)
        for read in recovery.culprits {
            logger.error("a file crashed the process while it was read; it is marked unreadable and skipped", metadata: [
                "kind": "\(read.kind.rawValue)", "file": "\(read.entry.key)"])
        }
        if !recovery.suspects.isEmpty {
            logger.warning("the last run stopped while reading files; the scan reads them again one at a time first",
                           metadata: ["files": "\(recovery.suspects.map(\.entry.key))"])
        }
        monitor = ScanMonitor()
        var scanner = LibraryScanner(source: source, store: store, journal: journal, monitor: monitor, logger: logger)
        let renderer = try PageRenderer(resourcesPath: config.resourcesPath, base: BasePath(prefix: config.basePath))
        let kit = PageKit(templates: renderer, chromeBuilder: ChromeBuilder(monitor: monitor, demo: config.demoLibrary ? DemoNote() : nil))
        let renditions = RenditionCache(root: config.dataPath + "/thumbnails", budget: config.renditionCache)
        let pages = PageCache(banner: { [kit] in try kit.banner(for: $0) })
        metrics = GalleryMetrics(store: store, monitor: monitor, renditions: renditions, pages: pages)
        let thumbnails = ThumbnailStore(dataPath: config.dataPath, catalog: store, source: source, journal: journal,
                                        workers: config.thumbnailWorkers, logger: logger, metrics: metrics, cache: renditions, shared: shared)
        passwords = Passwords(cost: config.bcryptCost)
        // Failed sign-ins are counted where every instance sees them: in a shared catalog, or
        // in this process's memory for its own SQLite catalog.
        let failures: any SignInThrottleStore = store.capabilities.sharedSignInThrottle ?? MemorySignInThrottle()
        if config.guestRole == nil, try await !store.hasAccounts() {
            logger.notice("No accounts yet: make the first admin with `photolala users add NAME --role admin --data \(config.dataPath)`.")
        }
        // Every cookie is scoped to the gallery's own path, or a part of it, through `SessionSettings`.
        let sessions = SessionSettings(secureCookies: config.secureCookies, basePath: BasePath(prefix: config.basePath), guestRole: config.guestRole,
                                       adminsSeePrivate: config.adminsSeePrivate)
        let cookiePath = sessions.cookiePath
        let router = Router(context: GalleryContext.self)
        let errorPages = ErrorPages(pages: kit)
        // Proxy headers, error pages of the checks below, compression, access log, cache policy
        // and security headers, as one layer (`ResponseMiddleware`).
        outer = ResponseMiddleware(forwarded: ForwardedHeaders(trusted: config.trustedProxies), log: AccessLog(metrics: metrics),
                                   errors: errorPages,
                                   security: SecurityHeaders(formTargets: config.oidcIssuer.flatMap { SecurityHeaders.origin(of: $0.absoluteString) }.map { [$0] } ?? []))
        router.add(middleware: outer)
        router.add(middleware: CSRFMiddleware(secureCookies: config.secureCookies, cookiePath: cookiePath,
                                              publicOrigins: config.publicURLs.compactMap { WebOrigin($0.absoluteString) }))
        sessionLayer = SessionMiddleware(store: store, sessions: sessions, languages: renderer.languages, serverZone: config.timeZone)
        router.add(middleware: sessionLayer)
        let flash = FlashMiddleware(cookiePath: cookiePath, secureCookies: config.secureCookies)
        router.add(middleware: flash)
        // Errors of the routes are rendered here, where the visitor is known (their menu, their
        // way back); the outer layer renders what the session and CSRF checks throw.
        router.add(middleware: RouteErrorMiddleware(errors: errorPages))
        // Sign-in through an OpenID provider, when one is named; its redirect URI is printed, to
        // be registered at the provider exactly as it is.
        let oidcSettings = config.oidcIssuer.map { issuer in
            // (the issuer as links are kept under it: one trailing slash more or less is the same provider)
            OIDCSettings(issuer: OIDCSettings.canonical(issuer.absoluteString), clientId: config.oidcClientId ?? "", clientSecret: config.oidcClientSecret,
                         name: config.oidcName, linkClaim: config.oidcLinkClaim, createAccounts: config.oidcCreateAccounts, role: config.oidcRole,
                         groupsClaim: config.oidcGroupsClaim, adminGroup: config.oidcAdminGroup, memberGroup: config.oidcMemberGroup,
                         viewerGroup: config.oidcViewerGroup, autoRedirect: config.oidcAutoRedirect, passwordSignIn: config.passwordSignIn,
                         redirectURI: config.linkBase + SiteURL.oidcCallback.path, postLogoutURI: config.linkBase + SiteURL.login.path)
        }
        if let oidcSettings {
            logger.notice("sign-in through \(oidcSettings.issuer): register the redirect URI \(oidcSettings.redirectURI) and the sign-out address \(oidcSettings.postLogoutURI) at the provider")
            if config.publicURLs.isEmpty {
                logger.warning("sign-in through a provider without --public-url: the redirect URI is made from the listening address; set --public-url to where people reach the gallery")
            }
            if !oidcSettings.issuer.lowercased().hasPrefix("https://") {
                logger.warning("the OpenID provider \(oidcSettings.issuer) is not reached over HTTPS: anyone on the way can sign people in")
            }
        }
        let oidc = oidcSettings.map { OIDCProvider(settings: $0) }
        let signIn = SignInPage(store: store, pages: kit, provider: oidcSettings)
        let routes = Routes(router: router, signIn: signIn)
        // Answered before the router (`responder()`); registered too, for what the shortcut passes
        // on (another method, a name that is no file).
        statics = StaticController(folder: config.resourcesPath + "/Public")
        statics.register(with: routes)
        health = HealthController(store: store, source: source)
        health.register(with: routes)
        let libraryName = (config.libraryPath as NSString).lastPathComponent
        let placeBook = PlaceBook(folder: config.resourcesPath + "/Gazetteer", logger: logger)
        // Every piece of work beside the requests takes its turns from this one scheduler.
        let turns = BackgroundTurns(activity: activity, cores: config.thumbnailWorkers, decodersBusy: { Imaging.visitorDecodesUnderway })
        let giveWay: @Sendable () async -> Int = { await turns.take() }
        placeNaming = PlaceNaming(store: store, places: placeBook, giveWay: giveWay)
        likeness = LikenessMeasuring(store: store, source: source, journal: journal, monitor: monitor, giveWay: giveWay)
        var writing = SidecarWriting(store: store, source: source, enabled: config.writeSidecars, readOnly: config.readOnlyLibrary,
                                     monitor: monitor, marker: config.dataPath + "/sidecars-written")
        writing.giveWay = giveWay
        sidecars = writing
        // Every photo, file and group the handlers below read goes through a view for one audience.
        let reads = CatalogReads(store)
        let groupPage = GroupPage(reads: reads, store: store, pages: kit, pageSize: config.pageSize, cache: pages, places: placeBook)
        let playable = PlayableStore(dataPath: config.dataPath, source: source, logger: logger, shared: shared)
        let photos = PhotoController(reads: reads, albums: store, pages: kit, pageSize: config.pageSize, playable: playable, cache: pages, places: placeBook)
        let originals = OriginalController(reads: reads, source: source)
        thumbnailRoutes = ThumbnailController(thumbnails: thumbnails, store: store, sharedCaching: config.guestRole != nil)
        thumbnailRoutes.register(with: routes)
        let gate = PasswordGate(passwords: passwords, throttle: LoginThrottle(store: failures), slowdownScale: config.loginSlowdownScale)
        AuthController(store: store, gate: gate, sessions: sessions, signIn: signIn, pages: kit, linkBase: config.linkBase,
                       tokens: APITokens(store: store, adminsSeePrivate: config.adminsSeePrivate), reads: reads, oidc: oidc,
                       logger: logger).register(with: routes)
        UsersController(store: store, passwords: passwords, pages: kit).register(with: routes)
        var browse = BrowseController(store: store, reads: reads, monitor: monitor, pages: kit, groupPage: groupPage,
                                      libraryName: libraryName.isEmpty ? config.libraryPath : libraryName, patience: config.countPatience)
        browse.sidecars = sidecars
        browse.uploads = UploadNaming(pattern: config.uploadFolder)
        browse.register(with: routes)
        // Renditions that must go (destroyed content, content read wrongly before) go here, from the
        // shared store, and from every other instance of a shared catalog, which removes its own.
        let forgetRenditions: @Sendable (Set<String>) async -> Void = { [store] hashes in
            guard !hashes.isEmpty else { return }
            await thumbnails.forget(hashes)
            await playable.forget(hashes)
            store.announceForgottenRenditions(hashes)
        }
        Task.detached(priority: .utility) { [store] in
            for await hashes in store.forgottenRenditions() where !hashes.isEmpty {
                await thumbnails.forget(hashes, everywhere: false)
                await playable.forget(hashes, everywhere: false)
            }
        }
        afterScan = { [store] in
            if let stale = try? await store.takeStaleRenditions() { await forgetRenditions(stale) }
        }
        let recount: @Sendable () async -> Void = { [browse] in await browse.recount() }
        scanner.finishing = recount
        self.recount = recount
        photos.register(with: routes)
        let slideshows = SlideshowController(reads: reads, pages: kit, pageSize: config.pageSize)
        slideshows.register(with: routes)
        ViewOptionsController(store: store, cookiePath: cookiePath, secureCookies: config.secureCookies).register(with: routes)
        originals.register(with: routes)
        CurationController(store: store, reads: reads).register(with: routes)
        PrivacyController(store: store, reads: reads, flash: flash, uploads: UploadNaming(pattern: config.uploadFolder)).register(with: routes)
        SelectionController(store: store, reads: reads, source: source, flash: flash, readOnly: config.readOnlyLibrary).register(with: routes)
        AlbumsController(store: store, pages: kit, groupPage: groupPage, flash: flash,
                         pageSize: config.pageSize).register(with: routes)
        GroupsController(pages: kit, groupPage: groupPage).register(with: routes)
        PlacesController(store: store, reads: reads, pages: kit, places: placeBook, cache: pages).register(with: routes)
        let trash = TrashController(store: store, reads: reads, source: source, forgetRenditions: forgetRenditions, pages: kit,
                                    flash: flash, readOnly: config.readOnlyLibrary)
        trash.register(with: routes)
        let playableRoutes = PlayableController(reads: reads, playable: playable, pages: kit)
        playableRoutes.register(with: routes)
        self.scanner = scanner
        let uploads = UploadController(store: store, reads: reads, source: source, scanner: scanner, pages: kit,
                                       naming: UploadNaming(pattern: config.uploadFolder), limit: config.uploadLimit,
                                       fileLimit: config.uploadFileLimit, dataPath: config.dataPath, readOnly: config.readOnlyLibrary, logger: logger)
        uploads.register(with: routes)
        let davSettings = DavSettings(base: config.basePath, readOnly: config.readOnlyLibrary, adminsSeePrivate: config.adminsSeePrivate,
                                      allowance: config.uploadAllowance, freeSpaceFloor: config.freeSpaceFloor,
                                      stagingFolder: config.dataPath + "/dav-incoming", libraryFolder: source.localPath(forKey: "") ?? config.libraryPath,
                                      names: ServerNames(publicURLs: config.publicURLs))
        // Whatever an interrupted PUT left behind is garbage: nothing refers to it.
        try? FileManager.default.removeItem(atPath: davSettings.stagingFolder)
        let blobs = InboxBlobs(source: source)
        let davTree = DavTree(inbox: store, reads: reads, source: source, base: config.basePath)
        let locking = DavLocking(store: store, settings: davSettings)
        // A phone's new photo gets its row thumbnails ahead of the first visit, one photo at a
        // time at the pace of the other work beside the requests.
        let ahead = RenditionsAhead(make: { [store] key in
            guard let card = try? await store.photo(key: key, viewer: .guest, sight: .everything)?.card else { return }
            for size in [SiteURL.Rendition.row, .row2x] { _ = await thumbnails.rendition(card.picture, size: size) }
        }, giveWay: giveWay)
        let prepare: @Sendable (String) async -> Void = { key in ahead.enqueue(key) }
        let filing = InboxFiling(intake: uploads.intake, store: store, source: source, layout: UploadNaming(pattern: config.uploadLayout),
                                 blobs: blobs, logger: logger,
                                 commits: InboxCommits(store: store, scanner: scanner, logger: logger, prepare: prepare))
        dav = DavController(store: store, tree: davTree,
                            inbox: DavInbox(store: store, tree: davTree, locking: locking, filing: filing, blobs: blobs, settings: davSettings, logger: logger),
                            locking: locking, originals: originals, throttle: LoginThrottle(store: failures),
                            slowdownScale: config.loginSlowdownScale, settings: davSettings, logger: logger)
        let shares = ShareController(store: store, reads: reads, pages: kit, groupPage: groupPage, linkBase: config.linkBase, sessions: sessions,
                                     photos: photos, slideshows: slideshows, thumbnails: thumbnailRoutes, originals: originals, playable: playableRoutes,
                                     uploads: uploads, gate: gate, tokens: shareTokens)
        shares.register(with: routes)
        api = try APIDoor(store: store, reads: reads, trash: trash, uploads: uploads, shares: shares, thumbnails: thumbnailRoutes, originals: originals,
                          limit: APIRateLimit(perMinute: config.apiRequestsPerMinute, burst: max(10, config.apiRequestsPerMinute / 10)),
                          adminsSeePrivate: config.adminsSeePrivate, base: config.basePath, linkBase: config.linkBase,
                          documentPath: config.resourcesPath + "/API/openapi.yaml", logger: logger)
        if let token = config.metricsToken {
            routes.open.get(.metrics, use: MetricsController(metrics: metrics, token: token).serve)
        }
        self.router = router
    }

    /// The router, behind the shortcut for static files, the health check and warm renditions.
    func responder() -> some HTTPResponder<GalleryContext> {
        ShortcutResponder(statics: statics, health: health, thumbnails: thumbnailRoutes, dav: dav, api: api, sessions: sessionLayer, outer: outer,
                          inner: router.buildResponder())
    }

    /// The store renditions are shared through: the one handed in, or the folder `--cache` names;
    /// a bucket named but not handed in is a mistake of the caller.
    static func sharedRenditions(_ config: GalleryConfig, given: (any SharedRenditionStore)?) throws -> (any SharedRenditionStore)? {
        if let given { return given }
        guard let cache = config.sharedCache else { return nil }
        guard !cache.lowercased().hasPrefix("s3://") else {
            throw ConfigError("--cache \(cache) names a bucket, but no store for it was made.")
        }
        do { try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true) } catch {
            throw ConfigError("--cache \(cache) is not a folder that can be made or written.")
        }
        return FolderRenditionStore(root: cache)
    }
}
