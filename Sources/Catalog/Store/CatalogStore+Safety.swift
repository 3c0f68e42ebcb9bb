import Foundation
import GRDB

/// Why the catalog cannot be opened.
public enum CatalogError: Error, CustomStringConvertible {
    /// The file is not a SQLite database, or fails SQLite's quick check.
    case damaged(path: String, reason: String, newestBackup: String?)
    /// A PostgreSQL catalog's address that cannot be read.
    case invalidAddress(String)
    /// No connection to a PostgreSQL catalog could be made.
    case unreachable(location: String, reason: String)
    /// A step of this version's upgrade failed; `asItWas`: the catalog is as it was before the
    /// upgrade (a transaction rolled back, or the copy taken first put back).
    case upgradeFailed(location: String, step: String, reason: String, copy: String?, asItWas: Bool)
    /// The catalog holds schema steps this version does not know: a newer version wrote it.
    case newerCatalog(location: String, steps: [String], copies: [String])

    public var description: String {
        switch self {
        case .damaged(let path, let reason, let backup):
            let folder = (path as NSString).deletingLastPathComponent
            var text = "The catalog \(path) is damaged (\(reason)). Photolala will not run on it, so nothing more is lost and no empty catalog replaces it. "
            if let backup {
                text += "To restore the newest backup, \(backup): stop Photolala, copy it over \(path), delete catalog.sqlite-wal and catalog.sqlite-shm in \(folder), and start again."
            } else {
                text += "Restore a copy made with `photolala backup`: stop Photolala, copy it over \(path), delete catalog.sqlite-wal and catalog.sqlite-shm, and start again."
            }
            return text
        case .invalidAddress(let reason):
            return "The catalog's address is not usable: \(reason)"
        case .unreachable(let location, let reason):
            return "The PostgreSQL catalog at \(location) cannot be reached (\(reason)). Check that the server runs, that the address, user and password are right, and that it accepts connections from this machine."
        case .upgradeFailed(let location, let step, let reason, let copy, let asItWas):
            var text = "The catalog \(location) could not be upgraded: step \(step) failed (\(reason)). "
            if asItWas { text += "The catalog is as it was before the upgrade. " }
            if let copy { text += "The copy taken before the upgrade is \(copy). " }
            return text + "Photolala will not start on it. Run the version that ran before, or report the step's failure; `photolala backup restore` puts a copy back."
        case .newerCatalog(let location, let steps, let copies):
            var text = "The catalog \(location) was upgraded by a newer version of Photolala (its schema has \(steps.joined(separator: ", ")), which this version does not know). This version will not write to it. Run the newer version"
            if let newest = copies.first {
                text += ", or go back to the catalog as it was before that upgrade: `photolala backup restore \(newest)`"
            }
            return text + "."
        }
    }
}

extension CatalogStore {
    /// Whether `error` means the catalog's disk is full or failing (so nothing was written).
    public static func isStorageFailure(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CANTOPEN].contains(error.resultCode)
    }
}

/// Daily copies of the catalog kept in the data folder, so a damaged catalog has a way back.
extension CatalogStore {
    /// The folder holding the daily backups, beside the catalog.
    public static func backupFolder(forCatalog path: String) -> String {
        (path as NSString).deletingLastPathComponent + "/backups"
    }

    /// The newest daily backup of the catalog at `path`, if any.
    public static func newestBackup(forCatalog path: String) -> String? {
        let folder = backupFolder(forCatalog: path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".sqlite") }.max().map { folder + "/" + $0 }
    }

    /// Makes today's backup unless there is one, and keeps the newest `keep`.
    public func dailyBackup(now: Date = Date(), keep: Int = 7) async throws {
        let folder = Self.backupFolder(forCatalog: path)
        try OwnerOnly.folder(folder)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let today = folder + "/catalog-\(formatter.string(from: now)).sqlite"
        if !FileManager.default.fileExists(atPath: today) { try await backup(to: today) }
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".sqlite") }.sorted()
        for old in all.dropLast(keep) { try? FileManager.default.removeItem(atPath: folder + "/" + old) }
    }
}
