import Foundation
import GRDB

/// Consistent copies of the catalog while the gallery keeps serving and writing.
extension CatalogStore {
    /// Writes a copy of the catalog as it was at one moment to `output`, through SQLite's online
    /// backup from a read snapshot (writers are not blocked). The copy is written beside the
    /// target and renamed into place, so `output` is never a half-written file. The copy and its
    /// check run on a thread of their own.
    public func backup(to output: String) async throws {
        // (no copy of a catalog not known to be whole, which could push a good one out)
        try await database.integrity.passed()
        try await BlockingPool(label: "photolala.backup", qos: .utility).run { try Self.writeCopy(of: self.pool, to: output) }
    }

    /// Writes a checked copy of the catalog behind `source` to `output`, renamed into place.
    static func writeCopy(of source: any DatabaseReader, to output: String) throws {
        let temporary = output + ".partial-" + UUID().uuidString.prefix(8)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        do {
            // A copy holds what the catalog holds: the server's user's alone from its first byte.
            try OwnerOnly.create(temporary, alongside: ["-journal"])
            let destination = try DatabaseQueue(path: temporary)
            try source.backup(to: destination)
            try destination.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try destination.close()
        }
        let check = try DatabaseQueue(path: temporary, configuration: { var c = Configuration(); c.readonly = true; return c }())
        let verdict = try check.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        try check.close()
        guard verdict == "ok" else { throw BackupError.failedCheck(verdict ?? "no answer") }
        guard rename(temporary, output) == 0 else { throw BackupError.cannotWrite(output) }
    }
}

/// Why a backup was not written.
public enum BackupError: Error, CustomStringConvertible {
    case failedCheck(String)
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .failedCheck(let verdict): return "The copy failed SQLite's integrity check (\(verdict)); nothing was written."
        case .cannotWrite(let path): return "The backup could not be written to \(path)."
        }
    }
}
