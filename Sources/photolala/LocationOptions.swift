import ArgumentParser
import Catalog
import Foundation
import Gallery
import ObjectStore

/// `--data`: where the catalog lives; every subcommand has it.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: LocationOptions.help(ServeSettings.data))
    var data: String?

    /// The data folder given by the flag or `PHOTOLALA_DATA`, checked; nil when neither is.
    func given(_ env: [String: String]) throws -> String? {
        guard let raw = data ?? env["PHOTOLALA_DATA"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let path = LocationOptions.absolute(raw)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError(Phrase("\(data == nil ? "PHOTOLALA_DATA" : "--data") “\(raw)” is a file; expected a folder for the catalog (made if missing)."))
        }
        return path
    }
}

/// `--library` and `--data`, shared by the commands that use a library's data folder.
struct LocationOptions: ParsableArguments {
    /// A location setting's help line, from its one declaration in the settings table.
    static func help(_ setting: any ServeSetting) -> ArgumentHelp {
        ArgumentHelp("\(setting.help) Default: \(setting.defaultText). Env: \(setting.environment).", valueName: setting.placeholder)
    }

    @Option(name: .long, help: LocationOptions.help(ServeSettings.library))
    var library: String?

    @Option(name: .customLong("s3-endpoint"), help: LocationOptions.help(ServeSettings.s3Endpoint))
    var s3Endpoint: String?

    @OptionGroup var dataOptions: DataOptions

    @Option(name: .long, help: LocationOptions.help(ServeSettings.catalog))
    var catalog: String?

    /// Where the library and its data folder are. Only checks and reads: nothing is created, so a
    /// bad value stops a command before it has done anything. With `check`, a data folder that
    /// belongs to another library is refused. `cacheInBucket`: `serve --cache s3://…` was given,
    /// which `--s3-endpoint` may be for.
    func resolve(check: Bool = true, cacheInBucket: Bool = false) throws -> Locations {
        let env = ProcessInfo.processInfo.environment
        let home = Self.dataHome(env)
        let library = try givenLibrary(env)
        let data = try dataOptions.given(env)
        if let catalog = try givenCatalog(env) {
            // The shared catalog records its library itself (checked when it is opened).
            guard let library else {
                guard check else { return Locations(library: "", data: data ?? home + "/photolala/shared", catalog: catalog) }
                throw ValidationError(Phrase("With a PostgreSQL catalog (--catalog), name the library too: --library DIR or s3://bucket/prefix."))
            }
            let locations = Locations(library: library, data: data ?? Locations.defaultData(for: library, home: home), catalog: catalog)
            if let problem = LibraryRecord.problem(data: locations.data, library: locations.library) { throw ValidationError(problem) }
            return try withBucket(locations, env, cacheInBucket: cacheInBucket)
        }
        let locations: Locations
        switch (library, data) {
        case (let library?, let data?):
            locations = Locations(library: library, data: data)
        case (nil, let data?):
            let record = Self.peek(data)
            if let recorded = record?.path {
                locations = Locations(library: recorded, data: data, note: Phrase("Library: \(recorded) (recorded in \(data))."))
            } else if let record, !record.sampleKeys.isEmpty {
                // Commands that only use the catalog (users, backup) need no library.
                guard check else { return Locations(library: "", data: data) }
                throw ValidationError(Phrase("The catalog in \(data) was made before data folders recorded their library: name its library once with --library DIR."))
            } else {
                locations = Locations.demo(home: home, data: data)
            }
        case (let library?, nil):
            locations = Locations(library: library, data: Locations.defaultData(for: library, home: home))
        case (nil, nil):
            let demo = Locations.demo(home: home, data: nil)
            let legacy = home + "/photolala"
            // A data folder from before each library had its own keeps serving the library it holds.
            let useLegacy = Self.peek(legacy).map { $0.fits(demo.library) } ?? false
            locations = useLegacy ? Locations.demo(home: home, data: legacy) : demo
        }
        if let problem = LibraryRecord.problem(data: locations.data, library: locations.library) { throw ValidationError(problem) }
        if check, let record = Self.peek(locations.data), !record.fits(locations.library) {
            throw ValidationError(LibraryMismatch(dataFolder: locations.data, recorded: record.path, given: locations.library).description)
        }
        return try withBucket(locations, env, cacheInBucket: cacheInBucket)
    }

    /// `locations` with the source of an `s3://` library made (no request is sent yet): the
    /// endpoint from `--s3-endpoint` or `PHOTOLALA_S3_ENDPOINT`, credentials and region from the
    /// environment, each checked here so a bad one stops the command before it starts.
    private func withBucket(_ locations: Locations, _ env: [String: String], cacheInBucket: Bool) throws -> Locations {
        guard S3Location.isS3(locations.library) else {
            // The variable may be set for another library; the flag is a mistake.
            if s3Endpoint != nil && !cacheInBucket {
                throw ValidationError(Phrase("--s3-endpoint is only for a bucket: --library s3://bucket/prefix, or serve --cache s3://bucket/prefix."))
            }
            return locations
        }
        var located = locations
        located.s3Endpoint = try endpointText(env)
        let endpoint = try endpoint(env)
        do {
            located.bucket = try S3Source.fromEnvironment(location: try S3Location.parse(locations.library), endpoint: endpoint, environment: env)
        } catch {
            throw ValidationError("The library \(locations.library) \(error).")
        }
        return located
    }

    /// The S3 server given by `--s3-endpoint` or `PHOTOLALA_S3_ENDPOINT`; nil for AWS itself.
    private func endpointText(_ env: [String: String]) throws -> String? {
        s3Endpoint ?? env["PHOTOLALA_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// That server, checked.
    private func endpoint(_ env: [String: String]) throws -> S3Endpoint? {
        guard let text = try endpointText(env) else { return nil }
        do { return try S3Endpoint.custom(text) } catch { throw ValidationError("\(s3Endpoint == nil ? "PHOTOLALA_S3_ENDPOINT" : "--s3-endpoint") \(error).") }
    }

    /// The bucket prefix `serve --cache s3://…` shares renditions in, with the server and
    /// credentials of the library's bucket; nil for a folder or none. Refused when it overlaps
    /// the library, whose scans would list the renditions.
    func renditionBucket(_ cache: String?, library: Locations, _ env: [String: String]) throws -> S3RenditionStore? {
        guard let cache, S3Location.isS3(cache) else { return nil }
        let location: S3Location
        do { location = try S3Location.parse(cache) } catch { throw ValidationError("--cache \(error).") }
        if let bucket = library.bucket?.location, bucket.bucket == location.bucket,
           bucket.prefix.isEmpty || location.prefix.isEmpty || location.prefix.hasPrefix(bucket.prefix) || bucket.prefix.hasPrefix(location.prefix) {
            throw ValidationError(Phrase("--cache \(location.description) must not overlap the library \(bucket.description), or its renditions would be scanned as photos."))
        }
        do {
            return try S3RenditionStore.fromEnvironment(location: location, endpoint: try endpoint(env), environment: env)
        } catch let problem as S3LocationProblem {
            throw ValidationError("--cache \(location) \(problem).")
        }
    }

    /// The PostgreSQL catalog given by the flag or `PHOTOLALA_CATALOG`, checked; nil when neither is.
    private func givenCatalog(_ env: [String: String]) throws -> String? { try Self.givenCatalog(catalog, env) }

    /// The PostgreSQL catalog given by `--catalog` (`flag`) or `PHOTOLALA_CATALOG`, checked; nil when neither is.
    static func givenCatalog(_ catalog: String?, _ env: [String: String]) throws -> String? {
        guard let raw = catalog ?? env["PHOTOLALA_CATALOG"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        do { try CatalogLocation.checkAddress(raw) } catch { throw ValidationError("\(catalog == nil ? "PHOTOLALA_CATALOG" : "--catalog") \(error)") }
        return raw
    }

    /// The library given by the flag or `PHOTOLALA_LIBRARY`, checked to be a readable folder or
    /// a well-formed `s3://bucket/prefix` (written back the one way, so a catalog records it once).
    private func givenLibrary(_ env: [String: String]) throws -> String? {
        guard let raw = library ?? env["PHOTOLALA_LIBRARY"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let name = library == nil ? "PHOTOLALA_LIBRARY" : "--library"
        if S3Location.isS3(raw) {
            do { return try S3Location.parse(raw).description } catch { throw ValidationError("\(name) \(error).") }
        }
        let path = Self.absolute(raw)
        if let problem = Locations.folderProblem(path) { throw ValidationError("\(name) “\(raw)” \(problem); expected the folder of photos.") }
        return path
    }

    /// Whether the data folder `data` holds a catalog.
    static func hasCatalog(_ data: String) -> Bool { FileManager.default.fileExists(atPath: data + "/catalog.sqlite") }

    /// The catalog's record in `data`, read without writing; nil when there is no readable catalog
    /// (opening it later says what is wrong).
    static func peek(_ data: String) -> LibraryRecord? {
        do { return try CatalogStore.peekLibrary(dataFolder: data) } catch { return nil }
    }

    static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
    }

    static func dataHome(_ env: [String: String]) -> String {
        if let xdg = env["XDG_DATA_HOME"], !xdg.isEmpty { return xdg }
        return (env["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }
}

extension LocationOptions {
    /// The catalog a command works on: the PostgreSQL one named by `--catalog`, or the one in the
    /// data folder. Without `create`, a data folder without a catalog is refused and nothing is made.
    func openCatalog(create: Bool = false) async throws -> any PhotoCatalog {
        let locations = try resolve(check: false)
        guard locations.catalog != nil || create || Self.hasCatalog(locations.data) else {
            throw ValidationError(Phrase("There is no catalog in \(locations.data): check --data (or --library)."))
        }
        return try await CatalogLocation(catalog: locations.catalog, dataFolder: locations.data).open()
    }

    /// Whether there is a catalog to read: a PostgreSQL one is named, or the data folder has one.
    func hasCatalog() throws -> Bool {
        let locations = try resolve(check: false)
        return locations.catalog != nil || Self.hasCatalog(locations.data)
    }
}
