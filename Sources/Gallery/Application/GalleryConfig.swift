import Catalog
import Foundation

/// Everything `buildApplication(_:)` needs to know; the CLI fills it from flags.
public struct GalleryConfig: Sendable {
    /// The photo library folder: read, and written only by uploads and delete (unless `readOnlyLibrary`).
    public var libraryPath: String
    /// Where the catalog and thumbnail cache live; never inside the library.
    public var dataPath: String
    public var host: String
    public var port: Int
    /// Photos per group page.
    public var pageSize: Int
    /// Whether to start a scan as soon as the server starts.
    public var scanOnStart: Bool
    /// The folder holding `Templates/` and `Public/`.
    public var resourcesPath: String
    /// Parallel thumbnail generations; defaults to the core count.
    public var thumbnailWorkers: Int
    /// What someone who is not signed in may do; nil (the default) shows them only the sign-in page.
    public var guestRole: Role? = nil
    /// Mark cookies `Secure` (the gallery is reached over HTTPS).
    public var secureCookies = false
    /// Largest accepted upload, per file, in bytes.
    public var uploadLimit = 200 * 1_000_000
    /// Most files one upload may carry; more is refused whole (413), so one request cannot fill the disk with entries.
    public var uploadFileLimit = 500
    /// Where uploads land in the library; `{yyyy}`, `{mm}` and `{dd}` come from the date taken.
    public var uploadFolder = "Uploads/{yyyy}/{mm}"
    /// Treat the library as read-only (no uploads, no delete) even if it is writable.
    public var readOnlyLibrary = false
    /// bcrypt work factor for new passwords.
    public var bcryptCost: UInt8 = 12
    /// Multiplies the pauses after failed sign-ins (tests use 0).
    public var loginSlowdownScale = 1.0
    /// Reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    public var trustedProxies = TrustedProxies.none
    /// A prefix the gallery is served under (`/photos`), or "".
    public var basePath = ""
    /// Where people reach the gallery (`https://photos.example.org`): their hosts are accepted as
    /// the server's names, and the first one makes every absolute link (share links).
    public var publicURLs: [URL] = []
    /// Rescan shortly after files in the library change.
    public var watch = false
    /// Minutes between fallback rescans; 0 for none.
    public var rescanMinutes = 0
    /// Quiet seconds after a change before the rescan starts.
    public var watchSettleSeconds = 2.0
    /// Seconds a connection has to send a request's headers.
    public var headerTimeout = 10
    /// Seconds an idle keep-alive connection stays open.
    public var idleTimeout = 60
    /// Connections one address may hold open at once (trusted proxies are not capped).
    public var connectionsPerAddress = 64
    /// Connections open at once in all; more are closed as they arrive.
    public var maxConnections = 1024
    /// Bytes per second a request body must keep up while the server waits for it (0: no floor).
    public var minimumBodyRate = 1_000
    /// Seconds of waiting over which a body's rate is judged.
    public var rateWindowSeconds = 20
    /// Decode in worker processes, so an ImageMagick crash kills only that piece of work.
    public var isolateDecoders = false
    /// The binary that runs `decode-worker` (this process's own, by default).
    public var workerExecutable: String?
    /// Files with more pixels than this are refused before decoding.
    public var maxPixels = 250_000_000
    /// Seconds one decode may take before it is stopped, counted per decode.
    public var decodeTimeout: Double = 30
    /// Serve `/metrics` on this port of its own (nil: not).
    public var metricsPort: Int?
    /// Serve `/metrics` on the main port to requests bearing this token (nil: not).
    public var metricsToken: String?

    /// Creates a configuration; `resourcesPath` defaults to the one found by `ResourceLocator`.
    public init(libraryPath: String, dataPath: String, host: String = "127.0.0.1", port: Int = 8080,
                pageSize: Int = 60, scanOnStart: Bool = true, resourcesPath: String? = nil,
                thumbnailWorkers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.libraryPath = libraryPath
        self.dataPath = dataPath
        self.host = host
        self.port = port
        self.pageSize = pageSize
        self.scanOnStart = scanOnStart
        self.resourcesPath = resourcesPath ?? ResourceLocator.find() ?? FileManager.default.currentDirectoryPath
        self.thumbnailWorkers = max(1, thumbnailWorkers)
    }

    /// Checks the settings, naming the one that is wrong.
    public func validate() throws {
        guard (0...65535).contains(port) else { throw ConfigError("--port must be between 0 (any free port) and 65535, not \(port).") }
        guard !host.isEmpty else { throw ConfigError("--host must not be empty.") }
        guard (1...500).contains(pageSize) else { throw ConfigError("--page-size must be between 1 and 500, not \(pageSize).") }
        guard uploadLimit >= 1 else { throw ConfigError("--upload-limit must be at least 1 MB.") }
        guard maxConnections >= 1, minimumBodyRate >= 0, rateWindowSeconds >= 1 else {
            throw ConfigError("--max-connections must be at least 1 and --min-body-rate at least 0.")
        }
        guard uploadFileLimit >= 1 else { throw ConfigError("The cap on files per upload must be at least 1, not \(uploadFileLimit).") }
        if let problem = UploadNaming.validate(uploadFolder) { throw ConfigError(problem) }
        guard (4...31).contains(bcryptCost) else { throw ConfigError("The bcrypt cost must be between 4 and 31, not \(bcryptCost).") }
        for url in publicURLs {
            if let problem = Self.problem(publicURL: url) { throw ConfigError("--public-url \(problem), not “\(url.absoluteString)”.") }
        }
        if guestRole == .admin { throw ConfigError("--guest can be none, viewer or member: a guest can never be an admin.") }
        if let problem = LibraryRecord.problem(data: dataPath, library: libraryPath) { throw ConfigError(problem) }
        guard FileManager.default.fileExists(atPath: resourcesPath + "/Templates/layout.mustache") else {
            throw ConfigError("Templates not found under \(resourcesPath); set --resources (PHOTOLALA_RESOURCES) to the folder holding Templates/ and Public/.")
        }
    }
}

extension GalleryConfig {
    /// What is wrong with a public URL, or nil: an http(s) address with a host, and no user, query or fragment.
    static func problem(publicURL url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return "must start with http:// or https://" }
        guard let host = url.host, !host.isEmpty else { return "must name a host" }
        guard url.user == nil, url.password == nil, url.query == nil, url.fragment == nil else {
            return "must be a plain address (no user, query or fragment)"
        }
        return nil
    }

    /// The start of every absolute link: the first public URL (with `--base-path` added when it
    /// has no path of its own), or else the address the server listens on; never a request's Host.
    var linkBase: String {
        if let first = publicURLs.first {
            var text = first.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            return first.path.isEmpty || first.path == "/" ? text + basePath : text
        }
        let name: String
        switch host {
        case "0.0.0.0", "::", "": name = ServerNames.machineName() ?? "localhost"
        default: name = host.contains(":") ? "[\(host)]" : host
        }
        return (secureCookies ? "https://" : "http://") + name + (port == 0 || port == 80 ? "" : ":\(port)") + basePath
    }
}

/// A configuration mistake, with a message naming the setting.
public struct ConfigError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
