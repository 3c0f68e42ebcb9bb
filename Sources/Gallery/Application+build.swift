import Catalog
import Foundation
import Hummingbird
import Imaging
import Logging
import ServiceLifecycle

/// Builds the whole web app from a configuration: `@main` and the tests call this same function.
public func buildApplication(_ config: GalleryConfig, logger: Logger = Logger(label: "photolala")) async throws -> some ApplicationProtocol {
    let parts = try await GalleryParts(config: config, logger: logger)
    var services: [any Service] = []
    if config.scanOnStart { services.append(ScanService(scanner: parts.scanner, logger: logger)) }
    return Application(
        router: parts.router,
        configuration: .init(address: .hostname(config.host, port: config.port), serverName: "Photolala"),
        services: services,
        logger: logger
    )
}

/// The catalog, scanner and router behind one gallery; `buildApplication` wires them into a server.
public struct GalleryParts {
    public let store: CatalogStore
    public let monitor: ScanMonitor
    public let scanner: LibraryScanner
    public let source: LocalFolderSource
    let router: Router<GalleryContext>

    /// Opens the catalog in the data folder, loads templates and registers every route.
    public init(config: GalleryConfig, logger: Logger) async throws {
        try config.validate()
        Imaging.bootstrap()
        store = try CatalogStore.open(dataFolder: config.dataPath)
        monitor = ScanMonitor()
        source = LocalFolderSource(root: config.libraryPath)
        scanner = LibraryScanner(source: source, store: store, monitor: monitor, logger: logger)
        let renderer = try await PageRenderer(resourcesPath: config.resourcesPath)
        let chrome = ChromeBuilder(monitor: monitor)
        let thumbnails = ThumbnailStore(dataPath: config.dataPath, catalog: store, source: source,
                                        workers: config.thumbnailWorkers, logger: logger)
        let router = Router(context: GalleryContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorPageMiddleware(renderer: renderer, chrome: chrome))
        router.add(middleware: CSRFMiddleware())
        let libraryName = (config.libraryPath as NSString).lastPathComponent
        BrowseController(store: store, monitor: monitor, renderer: renderer, chrome: chrome, pageSize: config.pageSize,
                         libraryName: libraryName.isEmpty ? config.libraryPath : libraryName).register(with: router)
        PhotoController(store: store, renderer: renderer, chrome: chrome, pageSize: config.pageSize).register(with: router)
        OriginalController(store: store, source: source).register(with: router)
        CurationController(store: store).register(with: router)
        GroupsController(store: store, renderer: renderer, chrome: chrome, pageSize: config.pageSize).register(with: router)
        TrashController(store: store, source: source, trashFolder: config.dataPath + "/trash", renderer: renderer,
                        chrome: chrome).register(with: router)
        ThumbnailController(thumbnails: thumbnails).register(with: router)
        StaticController(folder: config.resourcesPath + "/Public").register(with: router)
        self.router = router
    }
}
