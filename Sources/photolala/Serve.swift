import ArgumentParser
import Gallery
import Hummingbird
import Logging

/// `photolala serve`: scan in the background and serve the gallery.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the gallery (and scan the library in the background).")

    @OptionGroup var location: LocationOptions

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(name: .customLong("page-size"), help: "Photos per group page (1-500).")
    var pageSize = 60

    @Flag(name: .customLong("no-scan"), help: "Do not scan the library at start-up.")
    var noScan = false

    func run() async throws {
        var logger = Logger(label: "photolala")
        logger.logLevel = .info
        let library = try location.libraryPath()
        let config = GalleryConfig(libraryPath: library, dataPath: location.dataPath, host: host, port: port,
                                   pageSize: pageSize, scanOnStart: !noScan)
        do { try config.validate() } catch let error as ConfigError { throw ValidationError(error.description) }
        logger.info("serving \(library) on http://\(host):\(port)/ (data in \(config.dataPath))")
        let app = try await buildApplication(config, logger: logger)
        try await app.runService()
    }
}
