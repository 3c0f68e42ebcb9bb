import Foundation
import GRDB

/// The library a catalog belongs to: recorded on first use, refused to any other folder.
extension CatalogStore {
    /// This catalog's library record.
    public func libraryRecord() async throws -> LibraryRecord {
        try await read { db in try Self.libraryRecord(db) }
    }

    /// Records `library` as this catalog's library when none is yet, and throws `LibraryMismatch`
    /// (changing nothing) when the catalog belongs to another one.
    @discardableResult
    public func bindLibrary(_ library: String) async throws -> LibraryRecord {
        let dataFolder = (path as NSString).deletingLastPathComponent
        return try await write { db in
            let record = try Self.libraryRecord(db)
            guard record.fits(library) else {
                throw LibraryMismatch(dataFolder: dataFolder, recorded: record.path, given: library)
            }
            if record.path != nil { return record }
            try Self.record(library, in: db)
            return LibraryRecord(id: record.id, path: library, sampleKeys: record.sampleKeys)
        }
    }

    /// Records a new folder for a library that moved. Files are known by their key inside the
    /// library and curation by content, so every star, tag and favorite stays.
    public func moveLibrary(to library: String) async throws {
        try await write { db in try Self.record(library, in: db) }
    }

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

    private static func record(_ library: String, in db: Database) throws {
        try db.execute(sql: "UPDATE libraryIdentity SET path = ?, recordedAt = ? WHERE singleton = 1",
                       arguments: [library, Int(Date().timeIntervalSince1970)])
    }
}
