import Foundation

/// The library a PostgreSQL catalog belongs to, its scan lock and its backups.
extension PostgresCatalog: PhotoCatalog {
    /// The advisory lock a scanning instance holds for the length of its scan.
    static let scanLock: Int64 = 0x7068_6f74_6f6c_0003

    /// Shared by several instances: failed sign-ins are counted here, where each sees them; it is
    /// backed up with PostgreSQL's own tools, and is no file.
    public var capabilities: CatalogCapabilities {
        CatalogCapabilities(sharedSignInThrottle: self, file: nil, backup: nil)
    }

    public func libraryRecord() async throws -> LibraryRecord {
        try await snapshot { db in try await Self.libraryRecord(db) }
    }

    @discardableResult
    public func bindLibrary(_ library: String) async throws -> LibraryRecord {
        try await write { [location] db in
            let record = try await Self.libraryRecord(db)
            guard record.fits(library) else { throw LibraryMismatch(dataFolder: location, recorded: record.path, given: library) }
            if record.path != nil { return record }
            try await Self.record(library, in: db)
            return LibraryRecord(id: record.id, path: library, sampleKeys: record.sampleKeys)
        }
    }

    public func moveLibrary(to library: String) async throws {
        try await write { db in try await Self.record(library, in: db) }
    }

    /// Does nothing: a PostgreSQL catalog is backed up with the server's own tools (`pg_dump`,
    /// continuous archiving), which see every instance's writes.
    public func dailyBackup(now: Date, keep: Int) async throws {}

    /// Runs `scan` while holding the catalog's scan lock on a connection of its own, or returns
    /// false at once when another instance holds it. The server drops the lock with the
    /// connection, so an instance that dies mid-scan never blocks the others' scans.
    public func exclusiveScan(_ scan: @Sendable () async throws -> Void) async throws -> Bool {
        try await client.withConnection { connection in
            let db = SQLConnection(connection: connection, logger: logger)
            guard try await db.row("SELECT pg_try_advisory_lock(?)", [Self.scanLock]).map({ try $0.bool(0) }) == true else { return false }
            do {
                try await scan()
            } catch {
                _ = try? await db.execute("SELECT pg_advisory_unlock(?)", [Self.scanLock])
                throw error
            }
            try await db.execute("SELECT pg_advisory_unlock(?)", [Self.scanLock])
            return true
        }
    }

    private static func libraryRecord(_ db: SQLConnection) async throws -> LibraryRecord {
        // Up to 20 keys spread over the catalog, enough to recognise the folder they came from.
        var sample = try await db.strings("SELECT key FROM file WHERE id % (SELECT GREATEST(1, COUNT(*) / 20) FROM file) = 0 LIMIT 20")
        if sample.isEmpty { sample = try await db.strings("SELECT key FROM file LIMIT 20") }
        guard let row = try await db.row("SELECT libraryId, path FROM libraryIdentity WHERE singleton = 1") else {
            return LibraryRecord(id: "", path: nil, sampleKeys: sample)
        }
        return LibraryRecord(id: try row.string("libraryId"), path: try row.optionalString("path"), sampleKeys: sample)
    }

    private static func record(_ library: String, in db: SQLConnection) async throws {
        try await db.execute("UPDATE libraryIdentity SET path = ?, recordedAt = ? WHERE singleton = 1",
                             [library, Int64(Date().timeIntervalSince1970)])
    }
}
