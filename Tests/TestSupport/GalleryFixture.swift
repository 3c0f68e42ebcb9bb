import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import Logging
import ObjectStore

/// A scanned temporary library, a configuration pointing at it and the real application built
/// over it, for route tests. The library is a folder on disk, or an in-memory source (`.memory`)
/// or a bucket on the test S3 server (`.s3`) that the application is built over.
public final class GalleryFixture: @unchecked Sendable {
    public let root: String
    public let library: String
    public let data: String
    public let kind: SourceKind
    /// The library as the application sees it.
    public let source: any PhotoSource
    /// The same source, for a `.memory` fixture.
    public let memory: InMemorySource?
    /// The bucket, for an `.s3` fixture.
    public let bucket: S3TestBucket?

    /// The checkout's top folder (holding Templates/ and Public/).
    public static let resources: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.path + "/Templates/layout.mustache") { return url.path }
        }
        fatalError("Templates/ not found above \(#filePath)")
    }()

    public init(_ kind: SourceKind = .folder) throws {
        self.kind = kind
        root = NSTemporaryDirectory() + "photolala-gallery-\(UUID().uuidString)"
        library = root + "/library"
        data = root + "/data"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        (source, memory) = try kind.makeSource(library: library, trashFolder: data + "/trash")
        bucket = (source as? S3Source).map(S3TestBucket.init)
    }

    /// A second instance's fixture over `other`'s library (the same folder or bucket), with a data
    /// folder of its own, as a second server sharing a catalog would have.
    public init(sharing other: GalleryFixture) throws {
        kind = other.kind
        root = NSTemporaryDirectory() + "photolala-gallery-\(UUID().uuidString)"
        library = other.library
        data = root + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        (source, memory, bucket) = (other.source, other.memory, other.bucket)
        catalogURL = other.catalogURL
        guestRole = other.guestRole
        sharedRenditions = other.sharedRenditions
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// What visitors who are not signed in may do; browsing and curation tests run as member guests.
    public var guestRole: Role? = .member
    public var readOnlyLibrary = false
    /// `--write-sidecars`.
    public var writeSidecars = false
    public var adminsSeePrivate = false
    public var uploadLimit = 200 * 1_000_000
    public var uploadFileLimit = 500
    /// `--upload-allowance`, per member's WebDAV inbox.
    public var uploadAllowance: Int64?
    /// `--free-space-floor`: none by default, so a nearly full test disk refuses nothing it need not.
    public var freeSpaceFloor: Int64 = 0
    /// Requests a minute each API token may make.
    public var apiRequestsPerMinute = 1_000_000
    /// Serve the library as the generated demo (every page says so).
    public var demoLibrary = false
    /// The folder holding Templates/, Public/, Locales/ and Gazetteer/ the server reads.
    public var resourcesPath = GalleryFixture.resources
    /// A PostgreSQL catalog (`PostgresTestServer.makeDatabase()`) instead of the data folder's SQLite one.
    public var catalogURL: String?
    /// Where this instance shares renditions with others (`--cache`), or nil.
    public var sharedRenditions: (any SharedRenditionStore)?

    public func config(pageSize: Int = 60) -> GalleryConfig {
        var config = GalleryConfig(libraryPath: library, dataPath: data)
        config.port = 0
        config.pageSize = pageSize
        config.scanOnStart = false
        config.resourcesPath = resourcesPath
        // Decoding in process, and no watcher or timed rescans, keep route tests quick and still.
        config.isolateDecoders = false
        config.watch = false
        config.rescanMinutes = 0
        config.guestRole = guestRole
        config.bcryptCost = 4
        config.loginSlowdownScale = 0
        config.countPatience = .seconds(600)
        config.readOnlyLibrary = readOnlyLibrary
        config.writeSidecars = writeSidecars
        config.adminsSeePrivate = adminsSeePrivate
        config.uploadLimit = uploadLimit
        config.uploadFileLimit = uploadFileLimit
        config.uploadAllowance = uploadAllowance
        config.freeSpaceFloor = freeSpaceFloor
        config.apiRequestsPerMinute = apiRequestsPerMinute
        config.demoLibrary = demoLibrary
        config.catalogURL = catalogURL
        // A test client starved by a loaded machine may sit longer than a real browser between
        // requests on one connection; the slow-client tests set the real limits themselves.
        config.headerTimeout = 120
        return config
    }

    /// Adds an account straight to the catalog (cheap bcrypt cost, as the test config uses).
    @discardableResult
    public func addAccount(_ name: String, role: Role, password: String = "correct horse") async throws -> Account {
        let store = try await openCatalog()
        return try await store.addAccount(name: name, passwordHash: try await Passwords(cost: 4).hash(password), role: role)
    }

    /// Writes a small JPEG with distinct content; `exif` goes to exiftool.
    public func addJPEG(_ key: String, seed: Int, size: String = "64x48", exif: [String] = []) throws {
        try addBytes(key, TestImages.jpeg(seed: seed, size: size, exif: exif))
    }

    /// Puts `bytes` in the library at `key`.
    public func addBytes(_ key: String, _ bytes: [UInt8]) throws {
        if let memory { return memory.put(key, bytes) }
        if let bucket { return try bucket.put(key, bytes) }
        let path = library + "/" + key
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Scans the library into the data folder's catalog, as `photolala scan` would.
    public func scan() async throws {
        let store = try await openCatalog()
        try await store.bindLibrary(library)
        try await LibraryScanner(source: source, store: store, journal: ReadJournal(dataFolder: data), workers: 2).run()
    }

    /// Names the scanned positions after the shipped gazetteer's places, as the server does beside its requests.
    public func namePlaces() async throws {
        let store = try await openCatalog()
        try await PlaceNaming(store: store, gazetteerFolder: Self.resources + "/Gazetteer", logger: Logger(label: "test")).nameWaiting()
    }

    /// Measures the scanned stills' likeness and stacks their bursts, as the server does beside its requests.
    public func measureLikeness() async throws {
        try await LikenessMeasuring(store: try await openCatalog(), source: source).measureWaiting()
    }

    /// Writes the sidecars of the curation waiting, as the server does beside its requests (after
    /// any round the server has begun).
    @discardableResult
    public func writeSidecarsNow() async throws -> Int {
        try await SidecarWriting(store: try await openCatalog(), source: source, enabled: writeSidecars, readOnly: readOnlyLibrary,
                                 marker: data + "/sidecars-written").writeWaiting()
    }

    /// The fixture's catalog, as the application opens it: the PostgreSQL one, or the data folder's.
    public func openCatalog() async throws -> any PhotoCatalog {
        if let catalogURL { return try await PostgresCatalog.connect(url: catalogURL) }
        return try CatalogStore.open(dataFolder: data)
    }

    /// Removes the library's item at `key`, as someone deleting a file would.
    public func remove(_ key: String) throws {
        if let memory { return memory.remove(key) }
        if let bucket { return try bucket.remove(key) }
        try FileManager.default.removeItem(atPath: library + "/" + key)
    }

    /// The temporary copies the source made for decoders that still exist (none for a folder).
    /// The temporary copies left once the server's background work (measuring photos, which reads
    /// a copy of each file from a source without local files) has let go of the ones it holds:
    /// waits up to 10 s for them to go, so what is returned is what leaked.
    public func settledTemporaryFiles() async throws -> [String] {
        for _ in 0..<200 where !temporaryFiles().isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        return temporaryFiles()
    }

    /// The temporary copies a source without local files holds now.
    public func temporaryFiles() -> [String] {
        if let memory { return memory.temporaryFiles() }
        guard let s3 = source as? S3Source else { return [] }
        return (try? FileManager.default.contentsOfDirectory(atPath: s3.temporaryFolder)) ?? []
    }

    /// The trash's keys, for a source that is not a folder.
    public var trashKeys: [String] { memory?.trashKeys ?? bucket?.trashKeys ?? [] }

    /// Whether the library has an item at `key`.
    public func exists(_ key: String) async throws -> Bool { try await source.entry(forKey: key) != nil }

    /// The bytes of the library's item at `key`, or nil.
    public func bytes(_ key: String) async throws -> Data? {
        guard let entry = try await source.entry(forKey: key) else { return nil }
        return Data(try await source.read(key, range: 0..<entry.size))
    }

    /// Every key in the library.
    public func keys() async throws -> [String] { try await source.list().entries.map(\.key).sorted() }

    /// Builds the real application and hands a test client to `body`.
    public func withClient(pageSize: Int = 60, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        // A folder fixture goes through the real wiring; the others hand their source in.
        let app = try await buildApplication(config(pageSize: pageSize), source: kind == .folder ? nil : source,
                                             sharedRenditions: sharedRenditions, logger: logger)
        try await app.test(.router, body)
    }

    public static func run(_ tool: String, _ args: [String]) throws { try TestImages.run(tool, args) }
}

extension TestResponse {
    public var text: String { String(buffer: body) }
}
