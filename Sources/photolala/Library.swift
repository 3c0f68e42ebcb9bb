import ArgumentParser
import Catalog
import Foundation

/// `photolala library …`: which library a data folder belongs to, and recording that it moved.
struct Library: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show which library a data folder belongs to, or record that the library moved.",
        subcommands: [Show.self, Move.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the data folder, the library it records and its id.")
        @OptionGroup var location: LocationOptions

        func run() async throws {
            let store = try await location.openCatalog()
            let record = try await store.libraryRecord()
            if let local = store as? CatalogStore {
                print("data folder: \((local.path as NSString).deletingLastPathComponent)")
            } else {
                print("catalog:     \(store.location)")
            }
            print("library:     \(record.path ?? "not recorded yet (the next scan or start records it)")")
            print("library id:  \(record.id)")
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record that the library now lives in another folder; every star, tag and favorite stays.",
            discussion: "Run it once after moving or renaming the library folder, naming its data folder with --data. Photos are known inside the library by their path from its top, so the folder's contents must have moved with it.")
        @Argument(help: ArgumentHelp("The library's new folder.", valueName: "new-folder")) var folder: String
        @OptionGroup var data: DataOptions
        @Flag(help: "Record the folder even when the catalog's photos are not found in it.") var force = false

        func run() async throws {
            let env = ProcessInfo.processInfo.environment
            guard let dataFolder = try data.given(env) else {
                throw ValidationError("Name the data folder of the library that moved with --data DIR (or PHOTOLALA_DATA).")
            }
            let library = LocationOptions.absolute(folder)
            if let problem = Locations.folderProblem(library) { throw ValidationError("The new folder “\(folder)” \(problem).") }
            if let problem = LibraryRecord.problem(data: dataFolder, library: library) { throw ValidationError(problem) }
            guard let before = LocationOptions.peek(dataFolder) else {
                throw ValidationError("There is no catalog in \(dataFolder): check --data.")
            }
            let unrecorded = LibraryRecord(id: before.id, path: nil, sampleKeys: before.sampleKeys)
            guard force || unrecorded.fits(library) else {
                throw ValidationError("The catalog's photos are not in \(library), so a scan there would drop them; nothing was changed. "
                    + "Check the folder, or pass --force if they really were renamed along the way.")
            }
            let store = try CatalogStore.open(dataFolder: dataFolder)
            try await store.moveLibrary(to: library)
            print("Recorded \(library) as the library of \(dataFolder) (it was \(before.path ?? "not recorded")). "
                  + "Serve it with: photolala serve --library \(library) --data \(dataFolder)")
        }
    }
}
