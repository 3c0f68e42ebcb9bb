import ArgumentParser
import Catalog
import Foundation

/// `photolala backup`: a consistent copy of the catalog, safe while the server runs.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a consistent copy of the catalog (accounts, curation, share links) while the gallery keeps running.",
        discussion: "Restore: stop the server, copy the backup over DATA/catalog.sqlite, remove catalog.sqlite-wal and catalog.sqlite-shm, start it again. Thumbnails are a cache and need no backup; DATA/trash holds deleted originals."
    )

    @OptionGroup var location: LocationOptions
    @Argument(help: ArgumentHelp("The file to write (replaced if it exists).", valueName: "output")) var output: String

    func run() async throws {
        let target = LocationOptions.absolute(output)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("The output “\(output)” is a folder; expected a file name for the backup.")
        }
        let folder = (target as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("The output “\(output)” is in \(folder), which is not a folder; make it first.")
        }
        let capabilities = try await location.openCatalog().capabilities
        guard let backup = capabilities.backup else {
            throw ValidationError("A PostgreSQL catalog is backed up with PostgreSQL's own tools: pg_dump --format=custom --file=FILE DATABASE (see docs/scale-out.md).")
        }
        guard target != capabilities.file else { throw ValidationError("The backup must not overwrite the catalog itself.") }
        do { try await backup(target) } catch let error as BackupError { throw ValidationError(error.description) }
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? NSNumber)?.intValue ?? 0
        print("Backed up the catalog to \(target) (\(size / 1024) KB, integrity checked).")
    }
}
