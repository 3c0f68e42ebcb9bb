import ArgumentParser
import Catalog
import Foundation

/// `photolala backup`: a consistent copy of the catalog, safe while the server runs.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a consistent copy of the catalog (accounts, curation, share links) while the gallery keeps running.",
        discussion: "Restore: stop the server, copy the backup over DATA/catalog.sqlite, remove catalog.sqlite-wal and catalog.sqlite-shm, start it again. Thumbnails are a cache and need no backup; DATA/trash holds deleted originals."
    )

    @OptionGroup var data: DataOptions
    @Argument(help: ArgumentHelp("The file to write (replaced if it exists).", valueName: "output")) var output: String

    func run() async throws {
        let catalog = data.dataPath + "/catalog.sqlite"
        guard FileManager.default.fileExists(atPath: catalog) else {
            throw ValidationError("There is no catalog at \(catalog): check --data.")
        }
        let target = LocationOptions.absolute(output)
        guard target != catalog else { throw ValidationError("The backup must not overwrite the catalog itself.") }
        let store = try CatalogStore(path: catalog)
        do { try store.backup(to: target) } catch let error as BackupError { throw ValidationError(error.description) }
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? NSNumber)?.intValue ?? 0
        print("Backed up the catalog to \(target) (\(size / 1024) KB, integrity checked).")
    }
}
