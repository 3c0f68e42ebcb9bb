import ArgumentParser
import Gallery
import Hummingbird
import Catalog
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

    @Option(help: ArgumentHelp("What visitors who are not signed in may do: none (sign-in required), viewer or member.", valueName: "role"))
    var guest = "none"

    @Flag(name: .customLong("secure-cookies"), help: "Mark cookies Secure: set this when the gallery is reached over HTTPS.")
    var secureCookies = false

    @Option(name: .customLong("upload-limit"), help: ArgumentHelp("Largest upload per file, in MB.", valueName: "mb"))
    var uploadLimit = 200

    @Option(name: .customLong("upload-folder"), help: ArgumentHelp("Where uploads land in the library; {yyyy}, {mm}, {dd} come from the date taken.", valueName: "pattern"))
    var uploadFolder = "Uploads/{yyyy}/{mm}"

    @Flag(name: .customLong("read-only-library"), help: "Never write to the library: no uploads, no delete (detected by itself on a read-only mount).")
    var readOnlyLibrary = false

    func run() async throws {
        var logger = Logger(label: "photolala")
        logger.logLevel = .info
        let library = try location.libraryPath()
        var config = GalleryConfig(libraryPath: library, dataPath: location.dataPath, host: host, port: port,
                                   pageSize: pageSize, scanOnStart: !noScan)
        switch guest.lowercased() {
        case "none": config.guestRole = nil
        case "viewer": config.guestRole = .viewer
        case "member": config.guestRole = .member
        default: throw ValidationError("--guest must be none, viewer or member, not \(guest).")
        }
        guard (1...100_000).contains(uploadLimit) else { throw ValidationError("--upload-limit must be between 1 and 100000 MB, not \(uploadLimit).") }
        config.secureCookies = secureCookies
        config.uploadLimit = uploadLimit * 1_000_000
        config.uploadFolder = uploadFolder
        config.readOnlyLibrary = readOnlyLibrary
        do { try config.validate() } catch let error as ConfigError { throw ValidationError(error.description) }
        logger.info("serving \(library) on http://\(host):\(port)/ (data in \(config.dataPath))")
        let app = try await buildApplication(config, logger: logger)
        try await app.runService()
    }
}
