import ArgumentParser
import Catalog
import Foundation
import Gallery
import Hummingbird
import Logging

/// `photolala serve`: scan in the background and serve the gallery. Every setting is a flag and
/// a `PHOTOLALA_*` environment variable; a flag wins.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the gallery (and scan the library in the background).",
        discussion: "Every setting can also be given as an environment variable, named in each setting's help; a flag wins over the environment."
    )

    @OptionGroup var location: LocationOptions

    @Option(help: Self.help("host")) var host: String?
    @Option(help: Self.help("port")) var port: String?
    @Option(name: .customLong("page-size"), help: Self.help("page-size")) var pageSize: String?
    @Flag(name: .customLong("no-scan"), help: Self.help("scan")) var noScan = false
    @Option(help: Self.help("guest")) var guest: String?
    @Flag(name: .customLong("secure-cookies"), help: Self.help("secure-cookies")) var secureCookies = false
    @Option(name: .customLong("upload-limit"), help: Self.help("upload-limit")) var uploadLimit: String?
    @Option(name: .customLong("upload-folder"), help: Self.help("upload-folder")) var uploadFolder: String?
    @Flag(name: .customLong("read-only-library"), help: Self.help("read-only-library")) var readOnlyLibrary = false
    @Option(name: .customLong("thumbnail-workers"), help: Self.help("thumbnail-workers")) var thumbnailWorkers: String?
    @Option(name: .customLong("max-pixels"), help: Self.help("max-pixels")) var maxPixels: String?
    @Flag(name: .customLong("no-isolate-decoders"), help: Self.help("isolate-decoders")) var noIsolateDecoders = false
    @Option(name: .customLong("decode-timeout"), help: Self.help("decode-timeout")) var decodeTimeout: String?
    @Option(name: .customLong("header-timeout"), help: Self.help("header-timeout")) var headerTimeout: String?
    @Option(name: .customLong("idle-timeout"), help: Self.help("idle-timeout")) var idleTimeout: String?
    @Option(name: .customLong("connections-per-address"), help: Self.help("connections-per-address")) var connectionsPerAddress: String?
    @Option(name: .customLong("max-connections"), help: Self.help("max-connections")) var maxConnections: String?
    @Option(name: .customLong("min-body-rate"), help: Self.help("min-body-rate")) var minBodyRate: String?
    @Option(help: Self.help("resources")) var resources: String?
    @Option(name: .customLong("trusted-proxies"), help: Self.help("trusted-proxies")) var trustedProxies: String?
    @Option(name: .customLong("base-path"), help: Self.help("base-path")) var basePath: String?
    @Option(name: .customLong("public-url"), help: Self.help("public-url")) var publicURL: [String] = []
    @Flag(name: .customLong("no-watch"), help: Self.help("watch")) var noWatch = false
    @Option(name: .customLong("rescan-interval"), help: Self.help("rescan-interval")) var rescanInterval: String?
    @Option(name: .customLong("metrics-port"), help: Self.help("metrics-port")) var metricsPort: String?
    @Option(name: .customLong("metrics-token"), help: Self.help("metrics-token")) var metricsToken: String?

    /// A setting's help line, with its default and environment variable.
    static func help(_ name: String) -> ArgumentHelp {
        let setting = ServeSettings.all.first { $0.name == name }!
        return ArgumentHelp("\(setting.help) Default: \(setting.defaultText). Env: \(setting.environment).", valueName: setting.placeholder)
    }

    /// The flags given, by setting name.
    var flags: [String: String] {
        var flags: [String: String] = [:]
        flags["host"] = host
        flags["port"] = port
        flags["page-size"] = pageSize
        if noScan { flags["scan"] = "0" }
        flags["guest"] = guest
        if secureCookies { flags["secure-cookies"] = "1" }
        flags["upload-limit"] = uploadLimit
        flags["upload-folder"] = uploadFolder
        if readOnlyLibrary { flags["read-only-library"] = "1" }
        flags["thumbnail-workers"] = thumbnailWorkers
        flags["resources"] = resources
        flags["max-pixels"] = maxPixels
        if noIsolateDecoders { flags["isolate-decoders"] = "0" }
        flags["decode-timeout"] = decodeTimeout
        flags["header-timeout"] = headerTimeout
        flags["idle-timeout"] = idleTimeout
        flags["connections-per-address"] = connectionsPerAddress
        flags["max-connections"] = maxConnections
        flags["min-body-rate"] = minBodyRate
        flags["trusted-proxies"] = trustedProxies
        flags["base-path"] = basePath
        if !publicURL.isEmpty { flags["public-url"] = publicURL.joined(separator: ",") }
        if noWatch { flags["watch"] = "0" }
        flags["rescan-interval"] = rescanInterval
        flags["metrics-port"] = metricsPort
        flags["metrics-token"] = metricsToken
        return flags
    }

    func run() async throws {
        var logger = Logger(label: "photolala")
        logger.logLevel = .info
        // Every setting is checked before anything is made, opened or started.
        let locations = try location.resolve()
        let config: GalleryConfig
        do {
            config = try ServeSettings.config(library: locations.library, data: locations.data, flags: flags)
        } catch let error as ConfigError {
            throw ValidationError(error.description)
        }
        if let note = locations.note { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        if locations.isDemo { try DemoLibrary.ensure(at: locations.library) }
        logger.info("serving \(config.libraryPath) on http://\(config.host):\(config.port)/ (data in \(config.dataPath))")
        do {
            let app = try await buildApplication(config, logger: logger)
            try await app.runService()
        } catch let error as LibraryMismatch {
            throw ValidationError(error.description)
        }
    }
}
