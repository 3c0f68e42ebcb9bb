import Foundation
import GRDB

/// Upgrades that can be undone (SQLite). Before the first step a version has not taken runs, the
/// catalog as it was is copied to `DATA/backups/upgrade-STAMP-from-STEP.sqlite` (checked, named
/// by the last step it holds; the newest `upgradeCopiesKept` are kept). A step that fails puts the
/// copy back over the catalog through SQLite's backup API, so the catalog is as it was, and the
/// server refuses to start with a message naming the copy. A kill midway loses only the step in
/// flight (each step is one transaction): the catalog stays a working one of an earlier step, and
/// the copy stays. A catalog that holds steps this version does not know (a newer version wrote
/// it) is refused, never written. `photolala backup restore` puts any copy back.
extension CatalogStore {
    /// How many copies taken before upgrades are kept.
    public static let upgradeCopiesKept = 3

    /// Whether `upgrade` has steps to take (or refuses a newer catalog): whatever it would write.
    static func hasStepsToTake(_ writer: any DatabaseWriter, steps: [SchemaStep]) throws -> Bool {
        let (_, known, applied) = try schemaSteps(writer, steps)
        return applied != Set(known)
    }

    /// The migrator of `steps`, their names in order, and the names the catalog has taken.
    private static func schemaSteps(_ writer: any DatabaseWriter, _ steps: [SchemaStep]) throws
        -> (migrator: DatabaseMigrator, known: [String], applied: Set<String>) {
        let migrator = CatalogMigrations.migrator(steps: steps)
        return (migrator, steps.compactMap(\.sqlite?.name), try writer.read { db in try migrator.appliedIdentifiers(db) })
    }

    /// Brings the catalog behind `writer` to `steps`, keeping a copy first when it has steps to take.
    static func upgrade(_ writer: any DatabaseWriter, path: String, steps: [SchemaStep], now: Date = Date()) throws {
        let (migrator, known, applied) = try schemaSteps(writer, steps)
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else {
            throw CatalogError.newerCatalog(location: path, steps: unknown.sorted(), copies: Self.upgradeCopies(forCatalog: path))
        }
        let pending = known.filter { !applied.contains($0) }
        guard !pending.isEmpty else { return }
        var copy: String?
        if path != ":memory:", let last = known.last(where: applied.contains) {
            let folder = backupFolder(forCatalog: path)
            try OwnerOnly.folder(folder)
            let target = folder + "/upgrade-\(stamp(now))-from-\(last).sqlite"
            try writeCopy(of: writer, to: target)
            copy = target
            let copies = upgradeCopies(forCatalog: path)
            for old in copies.dropFirst(upgradeCopiesKept) { try? FileManager.default.removeItem(atPath: old) }
        }
        do {
            try migrator.migrate(writer)
        } catch {
            let reached = (try? writer.read { db in try migrator.appliedIdentifiers(db) }) ?? applied
            let failed = pending.first { !reached.contains($0) } ?? pending[0]
            var putBack = false
            if let copy {
                let source = try DatabaseQueue(path: copy, configuration: readOnly())
                try source.backup(to: writer)
                try source.close()
                putBack = true
            }
            throw CatalogError.upgradeFailed(location: path, step: failed, reason: "\(error)", copy: copy, asItWas: putBack)
        }
    }

    /// The copies taken before upgrades of the catalog at `path`, newest first.
    public static func upgradeCopies(forCatalog path: String) -> [String] {
        let folder = backupFolder(forCatalog: path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("upgrade-") && $0.hasSuffix(".sqlite") }.sorted(by: >).map { folder + "/" + $0 }
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    private static func readOnly() -> Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }
}

/// What `photolala backup restore` and `backup list` read of a copy of a SQLite catalog.
public struct CatalogCopy: Sendable, Equatable {
    public let path: String
    /// The last schema step it holds, nil for a file without Photolala's steps.
    public let lastStep: String?
    public let bytes: Int
}

extension CatalogStore {
    /// Reads what `path` holds: its last step in `CatalogSchema.steps`, checked by SQLite's
    /// integrity check. Throws `RestoreError` for a file that is not a whole catalog of a version
    /// this one knows.
    public static func inspectCopy(_ path: String) throws -> CatalogCopy {
        guard FileManager.default.fileExists(atPath: path) else { throw RestoreError.missing(path) }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        let steps: Set<String>
        do {
            let queue = try DatabaseQueue(path: path, configuration: readOnly())
            defer { try? queue.close() }
            let verdict = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            guard verdict == ["ok"] else { throw RestoreError.damaged(path, verdict.joined(separator: "; ")) }
            steps = try queue.read { db in try CatalogMigrations.migrator.appliedIdentifiers(db) }
        } catch let error as DatabaseError {
            throw RestoreError.damaged(path, error.message ?? "\(error)")
        }
        let known = CatalogSchema.steps.compactMap(\.sqlite?.name)
        let unknown = steps.subtracting(known)
        guard unknown.isEmpty else { throw RestoreError.newer(path, unknown.sorted()) }
        guard let last = known.last(where: steps.contains) else { throw RestoreError.notACatalog(path) }
        return CatalogCopy(path: path, lastStep: last, bytes: bytes)
    }

    /// Puts the copy at `copy` back as the catalog at `catalogPath`, through SQLite's backup API
    /// (one write, all or nothing), once the catalog as it is now has been copied to
    /// `DATA/backups/before-restore-STAMP.sqlite`, whose path is returned (nil when there was no
    /// catalog). Refused while another connection (a server, a scan) has the catalog open.
    public static func restore(copy: String, over catalogPath: String, now: Date = Date()) throws -> String? {
        let inspected = try inspectCopy(copy)
        guard (copy as NSString).standardizingPath != (catalogPath as NSString).standardizingPath else {
            throw RestoreError.itself(copy)
        }
        let existed = FileManager.default.fileExists(atPath: catalogPath)
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        let live: DatabaseQueue
        do {
            live = try DatabaseQueue(path: catalogPath, configuration: configuration)
            // A connection of another process or of this one holds a lock on the file while it
            // is open (in WAL mode too): the exclusive lock is what proves nobody else has it.
            try live.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                try db.execute(sql: "BEGIN EXCLUSIVE")
                try db.execute(sql: "COMMIT")
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw RestoreError.inUse(catalogPath)
        }
        defer { try? live.close() }
        var saved: String?
        if existed {
            let folder = backupFolder(forCatalog: catalogPath)
            try OwnerOnly.folder(folder)
            let target = folder + "/before-restore-\(stamp(now)).sqlite"
            try writeCopy(of: live, to: target)
            saved = target
        }
        let source = try DatabaseQueue(path: inspected.path, configuration: readOnly())
        defer { try? source.close() }
        try source.backup(to: live)
        return saved
    }
}

/// Why a copy was not put back.
public enum RestoreError: Error, CustomStringConvertible, Equatable {
    case missing(String)
    case damaged(String, String)
    case newer(String, [String])
    case notACatalog(String)
    case itself(String)
    case inUse(String)

    public var description: String {
        switch self {
        case .missing(let path): "There is no file \(path)."
        case .damaged(let path, let reason): "\(path) is not a whole SQLite catalog (\(reason)); nothing was changed."
        case .newer(let path, let steps):
            "\(path) was written by a newer version of Photolala (its schema has \(steps.joined(separator: ", ")), which this version does not know); restore it with that version. Nothing was changed."
        case .notACatalog(let path): "\(path) is a SQLite file but not a Photolala catalog; nothing was changed."
        case .itself(let path): "\(path) is the catalog itself; name a copy (photolala backup list shows them)."
        case .inUse(let path): "The catalog \(path) is open in another process (a running server or scan): stop it, then restore. Nothing was changed."
        }
    }
}
