import Imaging
import Catalog
import Foundation

/// Everything `buildApplication(_:)` needs to know. The settings people give have their defaults,
/// checks and help in `ServeSettings`; the rest are for tests and embedding.
public struct GalleryConfig: Sendable {
    /// The photo library folder (or `s3://bucket/prefix`): read, and written only by uploads and delete (unless `readOnlyLibrary`).
    public var libraryPath: String
    /// The S3-compatible server of an `s3://` library; nil for AWS itself (or a folder).
    public var s3Endpoint: String? = ServeSettings.s3Endpoint.defaultValue
    /// Where the catalog and thumbnail cache live; never inside the library.
    public var dataPath: String
    /// A PostgreSQL catalog shared by several instances; nil keeps `catalog.sqlite` in the data folder.
    public var catalogURL: String? = ServeSettings.catalog.defaultValue
    public var host: String = ServeSettings.host.defaultValue
    public var port: Int = ServeSettings.port.defaultValue
    /// Photos per group page.
    public var pageSize: Int = ServeSettings.pageSize.defaultValue
    /// Whether to start a scan as soon as the server starts.
    public var scanOnStart: Bool = ServeSettings.scan.defaultValue
    /// The folder holding `Templates/` and `Public/`.
    public var resourcesPath: String = ServeSettings.resources.defaultValue
    /// Parallel thumbnail generations.
    public var thumbnailWorkers: Int = ServeSettings.thumbnailWorkers.defaultValue
    /// How much disk the rendition cache may hold before the least recently served are removed.
    public var renditionCache: RenditionBudget = ServeSettings.renditionCache.defaultValue
    /// Where instances share renditions: `s3://bucket/prefix` (its store handed to `buildApplication`) or a folder; nil for none.
    public var sharedCache: String? = ServeSettings.cache.defaultValue
    /// What someone who is not signed in may do; nil shows them only the sign-in page.
    public var guestRole: Role? = ServeSettings.guest.defaultValue
    /// Mark cookies `Secure` (the gallery is reached over HTTPS).
    public var secureCookies: Bool = ServeSettings.secureCookies.defaultValue
    /// Largest accepted upload, per file, in bytes.
    public var uploadLimit: Int = ServeSettings.uploadLimit.defaultValue
    /// Most files one upload may carry; more is refused whole (413), so one request cannot fill the disk with entries.
    public var uploadFileLimit = 500
    /// Where uploads land in the library; `{yyyy}`, `{mm}` and `{dd}` come from the date taken.
    public var uploadFolder: String = ServeSettings.uploadFolder.defaultValue
    /// Where the members' WebDAV inboxes file photos (`--upload-layout`).
    public var uploadLayout: String = ServeSettings.uploadLayout.defaultValue
    /// The most a member's inbox may hold, in bytes (`--upload-allowance`); nil for no limit.
    public var uploadAllowance: Int64? = ServeSettings.uploadAllowance.defaultValue
    /// Sign-in through an OpenID provider (`OIDCSettings`): off without an issuer.
    public var oidcIssuer: URL? = nil
    public var oidcClientId: String? = nil
    /// From a file or `PHOTOLALA_OIDC_CLIENT_SECRET`, never the command line.
    public var oidcClientSecret: String? = nil
    public var oidcName = "single sign-on"
    public var oidcLinkClaim: String? = nil
    public var oidcCreateAccounts = false
    public var oidcRole = Role.viewer
    public var oidcGroupsClaim = "groups"
    public var oidcAdminGroup: String? = nil
    public var oidcMemberGroup: String? = nil
    public var oidcViewerGroup: String? = nil
    public var oidcAutoRedirect = false
    public var passwordSignIn = true
    /// Requests a minute each API token may make.
    public var apiRequestsPerMinute: Int = ServeSettings.apiRate.defaultValue
    /// The free space a WebDAV upload must leave (`--free-space-floor`).
    public var freeSpaceFloor: Int64 = ServeSettings.freeSpaceFloor.defaultValue
    /// Treat the library as read-only (no uploads, no delete) even if it is writable.
    public var readOnlyLibrary: Bool = ServeSettings.readOnlyLibrary.defaultValue
    /// Write curation to XMP sidecars beside the files (`SidecarWriting`).
    public var writeSidecars: Bool = ServeSettings.writeSidecars.defaultValue
    /// Admins see the photos members keep private.
    public var adminsSeePrivate: Bool = ServeSettings.adminsSeePrivate.defaultValue
    /// bcrypt work factor for new passwords.
    public var bcryptCost: UInt8 = 12
    /// Multiplies the pauses after failed sign-ins (tests use 0).
    public var loginSlowdownScale = 1.0
    /// How long a page waits for what a pass over every photo counts (the home page's collections,
    /// the timeline) before it shows the last counts, or says they are being counted
    /// (`VersionedCache.value(at:patience:)`). Tests wait as long as it takes, so that a busy
    /// machine never turns an expected count into "Counting…".
    public var countPatience: Duration = .milliseconds(250)
    /// Reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    public var trustedProxies: TrustedProxies = ServeSettings.trustedProxies.defaultValue
    /// A prefix the gallery is served under (`/photos`), or "".
    public var basePath: String = ServeSettings.basePath.defaultValue
    /// Where people reach the gallery (`https://photos.example.org`): their hosts are accepted as
    /// the server's names, and the first one makes every absolute link (share links).
    public var publicURLs: [URL] = ServeSettings.publicURL.defaultValue
    /// Rescan shortly after files in the library change.
    public var watch: Bool = ServeSettings.watch.defaultValue
    /// Minutes between fallback rescans; 0 for none.
    public var rescanMinutes: Int = ServeSettings.rescanInterval.defaultValue
    /// Quiet seconds after a change before the rescan starts.
    public var watchSettleSeconds = 2.0
    /// Seconds a connection has to send a request's headers.
    public var headerTimeout: Int = ServeSettings.headerTimeout.defaultValue
    /// Seconds an idle keep-alive connection stays open.
    public var idleTimeout: Int = ServeSettings.idleTimeout.defaultValue
    /// Connections one address may hold open at once (trusted proxies are not capped).
    public var connectionsPerAddress: Int = ServeSettings.connectionsPerAddress.defaultValue
    /// Connections open at once in all; more are closed as they arrive.
    public var maxConnections: Int = ServeSettings.maxConnections.defaultValue
    /// Bytes per second a request body must keep up while the server waits for it (0: no floor).
    public var minimumBodyRate: Int = ServeSettings.minBodyRate.defaultValue
    /// Seconds of waiting over which a body's rate is judged.
    public var rateWindowSeconds = 20
    /// Decode in worker processes, so an ImageMagick crash kills only that piece of work.
    public var isolateDecoders: Bool = ServeSettings.isolateDecoders.defaultValue
    /// The binary that runs `decode-worker` (this process's own, by default).
    public var workerExecutable: String?

    /// How this server decodes, as `Runtime.start` hands it to Imaging.
    var imaging: ImagingSettings {
        let settings = ImagingSettings(maxPixels: maxPixels, decodeTimeout: decodeTimeout)
        return isolateDecoders ? settings.inWorkers(command: "decode-worker", count: max(2, thumbnailWorkers), executable: workerExecutable) : settings
    }
    /// Files with more pixels than this are refused before decoding.
    public var maxPixels: Int = ServeSettings.maxPixels.defaultValue
    /// Seconds one decode may take before it is stopped, counted per decode.
    public var decodeTimeout: Double = ServeSettings.decodeTimeout.defaultValue
    /// Serve `/metrics` on this port of its own (nil: not).
    public var metricsPort: Int? = ServeSettings.metricsPort.defaultValue
    /// Serve `/metrics` on the main port to requests bearing this token (nil: not).
    public var metricsToken: String? = ServeSettings.metricsToken.defaultValue
    /// The library is the generated demo: every page says so, and how to serve one's own photos.
    public var demoLibrary = false
    /// The server's own time zone: what server times (a link's end, the trash, a file's change)
    /// are written in for a visitor whose browser named none. `serve` sets the machine's.
    public var timeZone = TimeZone(secondsFromGMT: 0)!

    /// A configuration with every setting at its default.
    public init(libraryPath: String, dataPath: String) {
        self.libraryPath = libraryPath
        self.dataPath = dataPath
    }

    /// Checks what no single setting can check alone: how settings fit together and with the
    /// folders they name, naming the setting that is wrong. Each value's own check is in `ServeSettings`.
    public func validate() throws {
        if oidcIssuer != nil, oidcClientId == nil { throw ConfigError("--oidc-issuer needs --oidc-client-id: the id the provider gave this gallery.") }
        if oidcIssuer == nil, oidcClientId != nil || oidcAutoRedirect || oidcCreateAccounts {
            throw ConfigError("The --oidc- settings need --oidc-issuer: the provider to sign in through.")
        }
        if !passwordSignIn, oidcIssuer == nil { throw ConfigError("--no-password-sign-in needs --oidc-issuer: otherwise nobody could sign in.") }
        guard uploadFileLimit >= 1 else { throw ConfigError("The cap on files per upload must be at least 1, not \(uploadFileLimit).") }
        guard (4...31).contains(bcryptCost) else { throw ConfigError("The bcrypt cost must be between 4 and 31, not \(bcryptCost).") }
        if guestRole == .admin { throw ConfigError("--guest can be none, viewer or member: a guest can never be an admin.") }
        if let problem = LibraryRecord.problem(data: dataPath, library: libraryPath) { throw ConfigError(problem) }
        if let cache = sharedCache, !cache.lowercased().hasPrefix("s3://"), !libraryPath.lowercased().hasPrefix("s3://"),
           LibraryRecord.samePlace(cache, libraryPath) || cache.hasPrefix(libraryPath + "/") || libraryPath.hasPrefix(cache + "/") {
            throw ConfigError("--cache \(cache) must be outside the library \(libraryPath), or its renditions would be scanned as photos.")
        }
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
