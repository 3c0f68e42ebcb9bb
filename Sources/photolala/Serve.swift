import ArgumentParser
import Catalog
import Foundation
import Gallery
import Hummingbird
import Logging
import ObjectStore

/// `photolala serve`: scan in the background and serve the gallery. Every setting is a flag and
/// a `PHOTOLALA_*` environment variable; a flag wins.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the gallery (and scan the library in the background).",
        discussion: ServeSettings.helpText
    )

    @OptionGroup var location: LocationOptions

    /// Every other setting, read by the settings table (`ServeSettings`), where each is declared once.
    @Argument(parsing: .allUnrecognized, help: .hidden) var settings: [String] = []

    func run() async throws {
        var logger = Logger(label: "photolala", factory: { LineLogHandler(label: $0) })
        logger.logLevel = .info
        // Every setting is checked before anything is made, opened or started.
        let flags: [String: String]
        do { flags = try SettingArguments.parse(settings) } catch let error as ConfigError { throw ValidationError(error.description) }
        let env = ProcessInfo.processInfo.environment
        let cacheText = flags[ServeSettings.cache.name] ?? env[ServeSettings.cache.environment].flatMap { $0.isEmpty ? nil : $0 }
        let locations = try location.resolve(cacheInBucket: cacheText.map(S3Location.isS3) ?? false)
        var config: GalleryConfig
        do {
            config = try ServeSettings.config(library: locations.library, data: locations.data, flags: flags)
        } catch let error as ConfigError {
            throw ValidationError(error.description)
        }
        let sharedRenditions = try location.renditionBucket(config.sharedCache, library: locations, env)
        config.s3Endpoint = locations.s3Endpoint
        config.catalogURL = locations.catalog
        if let note = locations.note { FileHandle.standardError.write(Data((Words.language.say(note) + "\n").utf8)) }
        if locations.isDemo { try DemoLibrary.ensure(at: locations.library) }
        config.demoLibrary = DemoLibrary.isDemo(locations.library)
        config.timeZone = .current
        logger.info("serving \(config.libraryPath) on http://\(config.host):\(config.port)/ (data in \(config.dataPath))")
        do {
            // A bucket's source is handed in; a folder goes through the application's own wiring.
            let app = try await buildApplication(config, source: locations.bucket, sharedRenditions: sharedRenditions, logger: logger)
            try await app.runService()
        } catch let error as LibraryMismatch {
            throw ValidationError(error.description)
        }
    }
}
