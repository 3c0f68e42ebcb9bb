import ArgumentParser
import Catalog
import Foundation
import Gallery
import ObjectStore

/// `photolala library …`: which library a data folder belongs to, and recording that it moved.
struct Library: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Show which library a data folder belongs to, or record that the library moved.",
        subcommands: [Show.self, Move.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the data folder, the library it records and its id.")
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let store = try await location.openCatalog()
            let record = try await store.libraryRecord()
            if let file = store.capabilities.file {
                say(Phrase("data folder: \((file as NSString).deletingLastPathComponent)"))
            } else {
                say(Phrase("catalog:     \(store.location)"))
            }
            let path = record.path.map(Phrase.verbatim) ?? Phrase("not recorded yet (the next scan or start records it)")
            say(Phrase("library:     \(path)"))
            say(Phrase("library id:  \(record.id)"))
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move",
            abstract: "Record that the library now lives in another folder or bucket; every star, tag and favorite stays.",
            discussion: "Run it once after moving or renaming the library, naming its data folder with --data (or its PostgreSQL catalog with --catalog). Photos are known inside the library by their path from its top, so the contents must have moved with it.")
        @Argument(help: ArgumentHelp("The library's new folder, or its new place in a bucket as s3://bucket/prefix.", valueName: "new-place"))
        var folder: String
        @OptionGroup var data: DataOptions
        @Option(name: .long, help: LocationOptions.help(ServeSettings.catalog)) var catalog: String?
        @Option(name: .customLong("s3-endpoint"), help: LocationOptions.help(ServeSettings.s3Endpoint)) var s3Endpoint: String?
        @Flag(help: "Record the new place even when the catalog's photos are not found there.") var force = false

        func run() async throws {
            let env = ProcessInfo.processInfo.environment
            let catalogURL = try LocationOptions.givenCatalog(catalog, env)
            let dataFolder = try data.given(env)
            // The new place, checked, and how to look for the catalog's photos there.
            let library: String
            var bucket: S3Source?
            if S3Location.isS3(folder) {
                do {
                    let location = try S3Location.parse(folder)
                    let endpointText = s3Endpoint ?? env["PHOTOLALA_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }
                    bucket = try S3Source.fromEnvironment(location: location, endpoint: try endpointText.map(S3Endpoint.custom), environment: env)
                    library = location.description
                } catch {
                    throw ValidationError("The new place “\(folder)” \(error).")
                }
            } else {
                library = LocationOptions.absolute(folder)
                if let problem = Locations.folderProblem(library) { throw ValidationError("The new folder “\(folder)” \(problem).") }
            }
            let store: any PhotoCatalog
            let before: LibraryRecord
            let named: String
            if let catalogURL {
                store = try await CatalogLocation.postgres(url: catalogURL).open()
                before = try await store.libraryRecord()
                named = store.location
            } else {
                guard let dataFolder else {
                    throw ValidationError(Phrase("Name the data folder of the library that moved with --data DIR (or PHOTOLALA_DATA), or its catalog with --catalog."))
                }
                if bucket == nil, let problem = LibraryRecord.problem(data: dataFolder, library: library) { throw ValidationError(problem) }
                guard let peeked = LocationOptions.peek(dataFolder) else { throw ValidationError(Phrase("There is no catalog in \(dataFolder): check --data.")) }
                before = peeked
                store = try await CatalogLocation.dataFolder(dataFolder).open()
                named = dataFolder
            }
            if !force { try await checkHolds(before.sampleKeys, library: library, bucket: bucket) }
            try await record(library, in: store, before: before, named: named, catalogGiven: catalogURL != nil)
        }

        /// Refuses a new place where fewer than half of the catalog's sample photos are found.
        private func checkHolds(_ keys: [String], library: String, bucket: S3Source?) async throws {
            guard !keys.isEmpty else { return }
            var found = 0
            for key in keys {
                if let bucket {
                    do { if try await bucket.entry(forKey: key) != nil { found += 1 } } catch {
                        throw ValidationError("The new place \(library) cannot be read: \(error)")
                    }
                } else if FileManager.default.fileExists(atPath: library + "/" + key) {
                    found += 1
                }
            }
            guard found * 2 >= keys.count else {
                throw ValidationError(Phrase("The catalog's photos are not in \(library), so a scan there would drop them; nothing was changed. Check the place, or pass --force if they really were renamed along the way."))
            }
        }

        private func record(_ library: String, in store: any PhotoCatalog, before: LibraryRecord, named: String, catalogGiven: Bool) async throws {
            try await store.moveLibrary(to: library)
            let was = before.path.map(Phrase.verbatim) ?? Phrase("not recorded")
            say(catalogGiven ? Phrase("Recorded \(library) as the library of \(named) (it was \(was)). Serve it with: photolala serve --library \(library) --catalog …")
                             : Phrase("Recorded \(library) as the library of \(named) (it was \(was)). Serve it with: photolala serve --library \(library) --data \(named)"))
        }
    }
}
