import Foundation
import GRDB

/// The library a SQLite catalog records, read before the catalog is opened (`LibraryRules` reads it once open).
extension CatalogStore {
    /// The library record of the catalog in `dataFolder`, read without writing anything (not even
    /// a migration); nil when there is no catalog there yet.
    public static func peekLibrary(dataFolder: String) throws -> LibraryRecord? {
        let path = (dataFolder as NSString).appendingPathComponent("catalog.sqlite")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { db in try libraryRecord(db) }
    }

    static func libraryRecord(_ db: Database) throws -> LibraryRecord {
        // Up to 20 keys spread over the catalog, enough to recognise the folder they came from.
        var sample = try String.fetchAll(db, sql: """
            SELECT key FROM file WHERE id % (SELECT MAX(1, COUNT(*) / 20) FROM file) = 0 LIMIT 20
            """)
        if sample.isEmpty { sample = try String.fetchAll(db, sql: "SELECT key FROM file LIMIT 20") }
        guard try db.tableExists("libraryIdentity"),
              let row = try Row.fetchOne(db, sql: "SELECT libraryId, path FROM libraryIdentity WHERE singleton = 1") else {
            return LibraryRecord(id: "", path: nil, sampleKeys: sample)
        }
        return LibraryRecord(id: row["libraryId"], path: row["path"], sampleKeys: sample)
    }
}
