import Foundation

/// Everything `buildApplication(_:)` needs to know; the CLI fills it from flags.
public struct GalleryConfig: Sendable {
    /// The photo library folder (only ever read).
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
        guard (1...500).contains(pageSize) else { throw ConfigError("--page-size must be between 1 and 500, not \(pageSize).") }
        let library = URL(fileURLWithPath: libraryPath).standardizedFileURL.resolvingSymlinksInPath().path
        let data = URL(fileURLWithPath: dataPath).standardizedFileURL.resolvingSymlinksInPath().path
        if data == library || data.hasPrefix(library == "/" ? "/" : library + "/") {
            throw ConfigError("--data (\(dataPath)) must not be inside the library (\(libraryPath)): the library is only ever read.")
        }
        guard FileManager.default.fileExists(atPath: resourcesPath + "/Templates/layout.mustache") else {
            throw ConfigError("Templates not found under \(resourcesPath); set PHOTOLALA_RESOURCES to the folder holding Templates/ and Public/.")
        }
    }
}

/// A configuration mistake, with a message naming the setting.
public struct ConfigError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
