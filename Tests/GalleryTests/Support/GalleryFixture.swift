import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import Logging

/// A scanned temporary library and a configuration pointing at it, for route tests.
final class GalleryFixture: @unchecked Sendable {
    let root: String
    let library: String
    let data: String

    /// The checkout's top folder (holding Templates/ and Public/).
    static let resources: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.path + "/Templates/layout.mustache") { return url.path }
        }
        fatalError("Templates/ not found above \(#filePath)")
    }()

    init() throws {
        root = NSTemporaryDirectory() + "photolala-gallery-\(UUID().uuidString)"
        library = root + "/library"
        data = root + "/data"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// What visitors who are not signed in may do; browsing and curation tests run as member guests.
    var guestRole: Role? = .member
    var readOnlyLibrary = false
    var uploadLimit = 200 * 1_000_000
    var uploadFileLimit = 500

    func config(pageSize: Int = 60) -> GalleryConfig {
        var config = GalleryConfig(libraryPath: library, dataPath: data, port: 0, pageSize: pageSize, scanOnStart: false,
                                   resourcesPath: Self.resources)
        config.guestRole = guestRole
        config.bcryptCost = 4
        config.loginSlowdownScale = 0
        config.readOnlyLibrary = readOnlyLibrary
        config.uploadLimit = uploadLimit
        config.uploadFileLimit = uploadFileLimit
        return config
    }

    /// Adds an account straight to the catalog (cheap bcrypt cost, as the test config uses).
    @discardableResult
    func addAccount(_ name: String, role: Role, password: String = "correct horse") async throws -> Account {
        let store = try CatalogStore.open(dataFolder: data)
        return try await store.addAccount(name: name, passwordHash: try await Passwords(cost: 4).hash(password), role: role)
    }

    /// Writes a small JPEG with distinct content; `exif` goes to exiftool.
    func addJPEG(_ key: String, seed: Int, size: String = "64x48", exif: [String] = []) throws {
        let path = library + "/" + key
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Self.run("convert", ["-size", size, "xc:rgb(\(seed % 256),\((seed * 7) % 256),\((seed * 13) % 256))",
                                 "-fill", "white", "-draw", "point \(seed % 40),\(seed % 30)", path])
        if !exif.isEmpty { try Self.run("exiftool", ["-q", "-overwrite_original"] + exif + [path]) }
    }

    func addBytes(_ key: String, _ bytes: [UInt8]) throws {
        let path = library + "/" + key
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Scans the library into the data folder's catalog, as `photolala scan` would.
    func scan() async throws {
        let store = try CatalogStore.open(dataFolder: data)
        try await store.bindLibrary(library)
        try await LibraryScanner(source: LocalFolderSource(root: library), store: store, journal: ReadJournal(dataFolder: data), workers: 2).run()
    }

    /// Builds the real application and hands a test client to `body`.
    func withClient(pageSize: Int = 60, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = try await buildApplication(config(pageSize: pageSize), logger: logger)
        try await app.test(.router, body)
    }

    static func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + args
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
