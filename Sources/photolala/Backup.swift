import ArgumentParser
import Catalog
import Foundation
import Gallery

/// `photolala backup`: copies of the catalog, made while the server runs, listed, and put back.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the catalog (accounts, curation, share links), list the copies kept, or put one back.",
        subcommands: [BackupMake.self, BackupList.self, BackupRestore.self],
        defaultSubcommand: BackupMake.self
    )
}

/// `photolala backup OUTPUT`: a consistent copy of the catalog, safe while the server runs.
struct BackupMake: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make",
        abstract: "Write a consistent copy of the catalog while the gallery keeps running (`photolala backup OUTPUT`).",
        discussion: "Put it back with `photolala backup restore OUTPUT` once the server is stopped. Thumbnails are a cache and need no backup; DATA/trash holds deleted originals."
    )

    @OptionGroup var location: LocationOptions
    @Argument(help: ArgumentHelp("The file to write (replaced if it exists).", valueName: "output")) var output: String

    func run() async throws {
        let target = LocationOptions.absolute(output)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError(Phrase("The output “\(output)” is a folder; expected a file name for the backup."))
        }
        let folder = (target as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError(Phrase("The output “\(output)” is in \(folder), which is not a folder; make it first."))
        }
        let capabilities = try await location.openCatalog().capabilities
        guard let backup = capabilities.backup else {
            throw ValidationError(Phrase("A PostgreSQL catalog is backed up with PostgreSQL's own tools: pg_dump --format=custom --file=FILE DATABASE (see docs/scale-out.md)."))
        }
        guard target != capabilities.file else { throw ValidationError(Phrase("The backup must not overwrite the catalog itself.")) }
        do { try await backup(target) } catch let error as BackupError { throw ValidationError(error.description) }
        let size = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? NSNumber)?.intValue ?? 0
        say(Phrase("Backed up the catalog to \(target) (\(Phrase.bytes(Int64(size))), integrity checked)."))
    }
}

/// `photolala backup list`: the copies kept for the catalog, newest first.
struct BackupList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the copies kept of the catalog: daily ones, those taken before each upgrade and before each restore."
    )

    @OptionGroup var location: LocationOptions

    func run() async throws {
        let locations = try location.resolve(check: false)
        if let url = locations.catalog {
            let copies = try await PostgresCatalog.upgradeCopies(url: url)
            if copies.isEmpty { say(Phrase("No copies are kept in the database yet (one is taken before each upgrade).")) }
            for copy in copies { say(Phrase("\(copy.schema)  at step \(BackupList.step(copy.lastStep))")) }
            return
        }
        let folder = CatalogStore.backupFolder(forCatalog: locations.data + "/catalog.sqlite")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".sqlite") }
        guard !names.isEmpty else {
            say(Phrase("No copies are kept in \(folder) yet (one is taken each day the server runs, and before each upgrade)."))
            return
        }
        let dated = names.map { name -> (Date, String) in
            let date = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date) ?? .distantPast
            return (date, name)
        }
        for (_, name) in dated.sorted(by: { $0.0 > $1.0 }) {
            let path = folder + "/" + name
            do {
                let copy = try CatalogStore.inspectCopy(path)
                say(Phrase("\(path)  at step \(BackupList.step(copy.lastStep)), \(Phrase.bytes(Int64(copy.bytes)))"))
            } catch {
                say(Phrase("\(path)  not usable: \(String(describing: error))"))
            }
        }
    }
}

extension BackupList {
    /// The last upgrade step a copy was taken at, or "unknown".
    static func step(_ step: String?) -> Phrase {
        step.map(Phrase.verbatim) ?? Phrase(context: "step", "unknown")
    }
}

/// `photolala backup restore COPY`: puts a copy back as the catalog, keeping the catalog as it was.
struct BackupRestore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a copy back as the catalog (stop the server first); the catalog as it was is kept as a copy too.",
        discussion: "COPY is a file written by `photolala backup` or kept in DATA/backups, or, for a PostgreSQL catalog, a schema `photolala backup list` names."
    )

    @OptionGroup var location: LocationOptions
    @Argument(help: ArgumentHelp("The copy to put back.", valueName: "copy")) var copy: String

    func run() async throws {
        let locations = try location.resolve(check: false)
        do {
            if let url = locations.catalog {
                let saved = try await PostgresCatalog.restoreUpgradeCopy(url: url, schema: copy)
                say(Phrase("Put back \(copy) as the catalog. The catalog as it was is kept in the schema \(saved)."))
                return
            }
            try OwnerOnly.folder(locations.data)
            let saved = try CatalogStore.restore(copy: LocationOptions.absolute(copy), over: locations.data + "/catalog.sqlite")
            say(saved.map { Phrase("Put back \(copy) as the catalog. The catalog as it was is kept as \($0).") } ?? Phrase("Put back \(copy) as the catalog."))
        } catch let error as RestoreError {
            throw ValidationError(error.description)
        }
    }
}
