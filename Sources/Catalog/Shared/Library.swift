import Foundation

/// The library a catalog belongs to, in both catalogs: recorded on first use, refused to any
/// other folder.
extension PhotoCatalog where Self: SQLCatalog {
    /// This catalog's library record, read in one snapshot.
    public func libraryRecord() async throws -> LibraryRecord {
        try await core.database.snapshot { db in try await LibraryRules.record(db) }
    }

    /// Records `library` as this catalog's library when none is yet, and throws `LibraryMismatch`
    /// (changing nothing) when the catalog belongs to another one.
    @discardableResult
    public func bindLibrary(_ library: String) async throws -> LibraryRecord {
        let place = core.place
        // Every start asks, and nearly always finds its library recorded: a read, with no sample
        // of keys (a pass over every file) and no write, which would wait for the catalog's check.
        let recorded = try await core.database.read { db in try await LibraryRules.record(db, sampling: false) }
        if recorded.path != nil {
            guard recorded.fits(library) else { throw LibraryMismatch(dataFolder: place, recorded: recorded.path, given: library) }
            return recorded
        }
        return try await core.database.write { db in
            let record = try await LibraryRules.record(db)
            guard record.fits(library) else { throw LibraryMismatch(dataFolder: place, recorded: record.path, given: library) }
            if record.path != nil { return record }
            try await LibraryRules.keep(library, in: db)
            return LibraryRecord(id: record.id, path: library, sampleKeys: record.sampleKeys)
        }
    }

    /// Records a new place for a library that moved. Files are known by their key inside the
    /// library and curation by content, so every star, tag and favorite stays.
    public func moveLibrary(to library: String) async throws {
        try await core.database.write { db in try await LibraryRules.keep(library, in: db) }
    }

    /// Throws unless the catalog answers a trivial query (for the health endpoint).
    public func checkHealth() async throws {
        _ = try await core.database.read { db in try await db.int("SELECT COUNT(*) FROM libraryIdentity") }
    }
}

enum LibraryRules {
    /// The recorded library with up to 20 keys spread over the catalog, enough to recognise the
    /// folder they came from (`sampling`; none otherwise).
    static func record(_ db: any SQLSession, sampling: Bool = true) async throws -> LibraryRecord {
        var sample: [String] = []
        if sampling {
            sample = try await db.strings("""
                SELECT key FROM file WHERE id % (SELECT CASE WHEN COUNT(*) / 20 > 1 THEN COUNT(*) / 20 ELSE 1 END FROM file) = 0 LIMIT 20
                """)
            if sample.isEmpty { sample = try await db.strings("SELECT key FROM file LIMIT 20") }
        }
        guard let row = try await db.row("SELECT libraryId, path FROM libraryIdentity WHERE singleton = 1") else {
            return LibraryRecord(id: "", path: nil, sampleKeys: sample)
        }
        return LibraryRecord(id: try row.string("libraryId"), path: try row.optionalString("path"), sampleKeys: sample)
    }

    static func keep(_ library: String, in db: any SQLSession) async throws {
        try await db.execute("UPDATE libraryIdentity SET path = ?, recordedAt = ? WHERE singleton = 1",
                             [library, Int64(Date().timeIntervalSince1970)])
    }
}
