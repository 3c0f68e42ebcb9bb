import Catalog
import Foundation

/// Every `serve` setting, each a flag and a `PHOTOLALA_*` environment variable (the flag wins),
/// read and checked in one place so a bad value stops the server at start-up, naming the setting.
public enum ServeSettings {
    /// One setting: its flag name (without `--`), environment variable, default as shown, and meaning.
    public struct Setting: Sendable {
        public let name: String
        public let placeholder: String?
        public let defaultText: String
        public let help: String
        public var flag: String { "--" + name }
        public var environment: String { "PHOTOLALA_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }
    }

    /// The settings table, in the order `--help` and the README list them.
    public static let all: [Setting] = [
        Setting(name: "library", placeholder: "dir", defaultText: "the library the data folder records, else a generated demo library", help: "The photo folder to serve."),
        Setting(name: "data", placeholder: "dir", defaultText: "the library's own folder, ~/.local/share/photolala/libraries/NAME-HASH",
                help: "Where the catalog, thumbnails and trash live; belongs to one library, never inside it."),
        Setting(name: "host", placeholder: "address", defaultText: "127.0.0.1", help: "Address to listen on (0.0.0.0 for every network)."),
        Setting(name: "port", placeholder: "n", defaultText: "8080", help: "Port to listen on (0 picks a free one)."),
        Setting(name: "page-size", placeholder: "n", defaultText: "60", help: "Photos per group page (1-500)."),
        Setting(name: "scan", placeholder: nil, defaultText: "scan at start-up", help: "With --no-scan (or PHOTOLALA_SCAN=0), serve the catalog as it is, without a start-up scan."),
        Setting(name: "guest", placeholder: "role", defaultText: "none", help: "What someone not signed in may do: none, viewer or member."),
        Setting(name: "secure-cookies", placeholder: nil, defaultText: "off", help: "Mark cookies Secure: set it when the gallery is reached over HTTPS."),
        Setting(name: "upload-limit", placeholder: "mb", defaultText: "200", help: "Largest upload per file, in MB."),
        Setting(name: "upload-folder", placeholder: "pattern", defaultText: "Uploads/{yyyy}/{mm}", help: "Where uploads land in the library; {yyyy}, {mm}, {dd} come from the date taken."),
        Setting(name: "read-only-library", placeholder: nil, defaultText: "off", help: "Never write to the library: no uploads, no delete (detected by itself on a read-only mount)."),
        Setting(name: "thumbnail-workers", placeholder: "n", defaultText: "the core count", help: "Thumbnails made at once (1-64)."),
        Setting(name: "header-timeout", placeholder: "seconds", defaultText: "10", help: "Seconds a client has to send a request's headers before the connection is closed (slowloris)."),
        Setting(name: "idle-timeout", placeholder: "seconds", defaultText: "60", help: "Seconds a connection may go without any traffic mid-request (a stalled upload, say) before it is closed."),
        Setting(name: "connections-per-address", placeholder: "n", defaultText: "64", help: "Connections one address may hold open at once (trusted proxies are not capped)."),
        Setting(name: "max-connections", placeholder: "n", defaultText: "1024", help: "Connections open at once in all; more are closed as they arrive."),
        Setting(name: "min-body-rate", placeholder: "bytes", defaultText: "1000", help: "Bytes per second a request body (an upload, say) must keep up while the server waits for it, judged over 20 s; slower is answered 408 and closed (0: no floor)."),
        Setting(name: "isolate-decoders", placeholder: nil, defaultText: "on", help: "With --no-isolate-decoders (or PHOTOLALA_ISOLATE_DECODERS=0), decode in the server process instead of worker processes."),
        Setting(name: "decode-timeout", placeholder: "seconds", defaultText: "30", help: "Seconds one image decode may take before it is stopped (the file then gets a placeholder); counted per decode (1-3600)."),
        Setting(name: "max-pixels", placeholder: "mp", defaultText: "250", help: "Refuse images with more megapixels than this, before decoding them (1-1000)."),
        Setting(name: "resources", placeholder: "dir", defaultText: "beside the binary", help: "The folder holding Templates/ and Public/."),
        Setting(name: "trusted-proxies", placeholder: "list", defaultText: "none", help: "Reverse proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For and X-Forwarded-Proto are believed."),
        Setting(name: "base-path", placeholder: "path", defaultText: "none", help: "Serve the gallery under a prefix such as /photos."),
        Setting(name: "public-url", placeholder: "url", defaultText: "the listening address",
                help: "Where people reach the gallery (https://photos.example.org); repeat the flag (or separate with commas) for several. Their hosts are accepted besides loopback names, IP addresses and this machine's name; the first one makes share links."),
        Setting(name: "watch", placeholder: nil, defaultText: "watch", help: "With --no-watch (or PHOTOLALA_WATCH=0), do not watch the library for changes; rely on rescans."),
        Setting(name: "metrics-port", placeholder: "n", defaultText: "off", help: "Serve Prometheus /metrics on this port of its own (keep it private)."),
        Setting(name: "metrics-token", placeholder: "token", defaultText: "off", help: "Serve /metrics on the main port to requests with Authorization: Bearer <token> (16+ characters)."),
        Setting(name: "rescan-interval", placeholder: "minutes", defaultText: "60", help: "Minutes between fallback rescans of the whole library (0 for none)."),
    ]

    /// Reads the settings from flag values (nil when a flag was not given) and the environment.
    /// `library` and `data` are resolved by the caller, which knows how to make a demo library.
    public static func config(library: String, data: String, flags: [String: String],
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GalleryConfig {
        var reader = Reader(flags: flags, environment: environment)
        var config = GalleryConfig(libraryPath: library, dataPath: data,
                                   resourcesPath: reader.text("resources").map { ($0 as NSString).expandingTildeInPath })
        config.host = reader.text("host") ?? config.host
        config.port = try reader.int("port", in: 0...65535) ?? config.port
        config.pageSize = try reader.int("page-size", in: 1...500) ?? config.pageSize
        config.scanOnStart = try reader.bool("scan") ?? true
        switch reader.text("guest")?.lowercased() {
        case nil, "none": config.guestRole = nil
        case "viewer": config.guestRole = .viewer
        case "member": config.guestRole = .member
        case let other?: throw reader.error("guest", "must be none, viewer or member, not “\(other)”")
        }
        config.secureCookies = try reader.bool("secure-cookies") ?? false
        config.uploadLimit = (try reader.int("upload-limit", in: 1...100_000) ?? 200) * 1_000_000
        config.uploadFolder = reader.text("upload-folder") ?? config.uploadFolder
        if let problem = UploadNaming.validate(config.uploadFolder) { throw reader.named("upload-folder", ConfigError(problem)) }
        config.readOnlyLibrary = try reader.bool("read-only-library") ?? false
        config.thumbnailWorkers = try reader.int("thumbnail-workers", in: 1...64) ?? config.thumbnailWorkers
        config.maxPixels = (try reader.int("max-pixels", in: 1...1000) ?? 250) * 1_000_000
        config.isolateDecoders = try reader.bool("isolate-decoders") ?? true
        config.decodeTimeout = Double(try reader.int("decode-timeout", in: 1...3600) ?? 30)
        config.headerTimeout = try reader.int("header-timeout", in: 1...600) ?? config.headerTimeout
        config.idleTimeout = try reader.int("idle-timeout", in: 1...3600) ?? config.idleTimeout
        config.connectionsPerAddress = try reader.int("connections-per-address", in: 1...100_000) ?? config.connectionsPerAddress
        config.maxConnections = try reader.int("max-connections", in: 1...1_000_000) ?? config.maxConnections
        config.minimumBodyRate = try reader.int("min-body-rate", in: 0...100_000_000) ?? config.minimumBodyRate
        if let list = reader.text("trusted-proxies") {
            do { config.trustedProxies = try TrustedProxies.parse(list) } catch let error as ConfigError { throw reader.named("trusted-proxies", error) }
        }
        if let base = reader.text("base-path") {
            do { config.basePath = try BasePath.normalise(base) } catch let error as ConfigError { throw reader.named("base-path", error) }
        }
        if let list = reader.text("public-url") {
            for raw in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !raw.isEmpty {
                guard let url = URL(string: raw) else { throw reader.error("public-url", "must be an address like https://photos.example.org, not “\(raw)”") }
                if let problem = GalleryConfig.problem(publicURL: url) { throw reader.error("public-url", "\(problem), not “\(raw)”") }
                config.publicURLs.append(url)
            }
        }
        config.watch = try reader.bool("watch") ?? true
        config.metricsPort = try reader.int("metrics-port", in: 1...65535)
        if let token = reader.text("metrics-token") {
            guard token.count >= 16 else { throw reader.error("metrics-token", "must be at least 16 characters") }
            config.metricsToken = token
        }
        if let port = config.metricsPort, port == config.port { throw reader.error("metrics-port", "must differ from the gallery's port") }
        config.rescanMinutes = try reader.int("rescan-interval", in: 0...525_600) ?? 60
        try config.validate()
        return config
    }

    /// Looks a setting up as a flag, then in the environment, and names both in errors.
    struct Reader {
        let flags: [String: String]
        let environment: [String: String]
        private var origin: [String: String] = [:]

        init(flags: [String: String], environment: [String: String]) {
            self.flags = flags
            self.environment = environment
        }

        mutating func text(_ name: String) -> String? {
            let setting = ServeSettings.all.first { $0.name == name }!
            if let value = flags[name] { origin[name] = setting.flag; return value }
            if let value = environment[setting.environment], !value.isEmpty { origin[name] = setting.environment; return value }
            return nil
        }

        mutating func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
            guard let raw = text(name) else { return nil }
            guard let value = Int(raw.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
                throw error(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound), not “\(raw)”")
            }
            return value
        }

        mutating func bool(_ name: String) throws -> Bool? {
            guard let raw = text(name) else { return nil }
            switch raw.lowercased() {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default: throw error(name, "must be 1/true/yes/on or 0/false/no/off, not “\(raw)”")
            }
        }

        /// A checker's error, naming the environment variable instead of the flag when the value came from there.
        func named(_ name: String, _ error: ConfigError) -> ConfigError {
            let setting = ServeSettings.all.first { $0.name == name }!
            guard let origin = origin[name], origin != setting.flag, error.description.hasPrefix(setting.flag) else { return error }
            return ConfigError(origin + error.description.dropFirst(setting.flag.count))
        }

        func error(_ name: String, _ problem: String) -> ConfigError {
            let setting = ServeSettings.all.first { $0.name == name }!
            return ConfigError("\(origin[name] ?? setting.flag) \(problem).")
        }
    }
}
