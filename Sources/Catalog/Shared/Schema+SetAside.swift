/// What a scan into an empty catalog sets aside while it loads (v33), and how it comes back.
///
/// A catalog keeps a dozen indexes on its files and photos for the pages' orders, and SQLite a
/// full-text row for each file. Kept up as rows arrive, they cost a cold scan of a million files
/// more than its rows do: each batch touches pages of every index all over the file, and each
/// commit writes every page it touched (at a million: 101 s of the writer's time against 57 s
/// with them made once at the end, 10 s of it for making them). So `photolala scan` into an empty
/// catalog sets them aside first and makes them once when its rows are in.
///
/// `setAside` holds, for each thing set aside, the statement that brings it back: an index's own
/// `CREATE INDEX`, as the catalog had it, or SQLite's statement that writes the full-text rows
/// of the files that have none. Set aside and written down in one transaction, brought back and
/// struck off in one: a scan stopped in between (a kill, a power cut) leaves the rows that say
/// what to make, and the next start makes it (`Runtime.start`). Nothing is lost meanwhile but
/// speed: a page reads the same rows without the index.
extension CatalogSchema {
    static func setAsideTable(_ d: SQLDialect) -> String {
        "CREATE TABLE setAside (name \(d.orderedText) PRIMARY KEY, restore TEXT NOT NULL)\(d.withoutRowId)"
    }

    /// The indexes a scan's writes neither need nor read: the pages' orders. The unique ones a
    /// scan writes through (a file's key, a photo's content) and the ones its triggers look down
    /// (a file's photo) stay. A name the catalog does not have is passed over.
    static let indexesSetAside = [
        "file_photo_listed", "file_folder_taken", "file_folder_name", "file_folder_size", "file_folder_stars", "file_folder_added",
        "photo_rating", "photo_taken", "photo_listed_added", "photo_listed_taken", "photo_copies",
        // PostgreSQL's search documents' index (SQLite's full-text rows are set aside whole: `searchRowsName`).
        "fileSearch_doc",
    ]

    /// The name under which SQLite's full-text rows are set aside: while it stands, a scan's
    /// batch writes no full-text row, and bringing it back writes every file's that has none.
    static let searchRowsName = "fileSearch rows"

    /// The pages SQLite's log holds before it copies them into the catalog file while a scan loads
    /// in bulk (1,000 otherwise). A batch touches pages of the content index all over; copied after
    /// every few batches, each page was written out again and again.
    static let bulkCheckpointPages = 32_768

    /// SQLite's full-text rows of the files `condition` (over `file f`) picks, made anew, as v10's triggers make them.
    static func searchRows(where condition: String) -> String {
        """
        INSERT OR REPLACE INTO fileSearch (rowid, name, folder, tags, caption)
        SELECT f.id, f.name, f.folder, \(searchValues("f.photoId"))
        FROM file f WHERE \(condition)
        """
    }

    /// The statement that makes an index again, as the catalog has it now; nil when it has none of that name.
    static func indexDefinition(_ d: SQLDialect) -> String {
        switch d {
        case .sqlite: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?"
        // (An unquoted name is folded to lower case by PostgreSQL.)
        case .postgres: "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = lower(?)"
        }
    }
}

extension ScanBookkeeping where Self: SQLCatalog {
    /// Sets aside what a scan into an empty catalog makes once at its end (`CatalogSchema`'s
    /// `indexesSetAside`, and SQLite's full-text rows) and writes down how to bring each back.
    /// Returns how many things were set aside (none if they already were).
    @discardableResult
    public func setIndexesAside() async throws -> Int {
        let count = try await core.database.write { db in
            var count = 0
            for name in CatalogSchema.indexesSetAside {
                guard let definition = try await db.string(CatalogSchema.indexDefinition(db.dialect), [name]) else { continue }
                try await db.execute("INSERT INTO setAside (name, restore) VALUES (?, ?)", [name, definition])
                try await db.execute("DROP INDEX \(name)")
                count += 1
            }
            if db.dialect == .sqlite, try await db.int("SELECT COUNT(*) FROM setAside WHERE name = ?", [CatalogSchema.searchRowsName]) == 0 {
                let restore = CatalogSchema.searchRows(where: "NOT EXISTS (SELECT 1 FROM fileSearch s WHERE s.rowid = f.id)")
                try await db.execute("INSERT INTO setAside (name, restore) VALUES (?, ?)", [CatalogSchema.searchRowsName, restore])
                count += 1
            }
            if db.dialect == .sqlite { try await db.execute("PRAGMA wal_autocheckpoint = \(CatalogSchema.bulkCheckpointPages)") }
            return count
        }
        core.logger.info("indexes set aside for a scan into an empty catalog", metadata: ["count": "\(count)"])
        return count
    }

    /// Makes again everything set aside (by `setIndexesAside`, in this process or one that
    /// stopped), in one transaction. Returns how many things it made.
    @discardableResult
    public func restoreSetAside() async throws -> Int {
        // (Every start asks: a read when nothing is set aside, as nearly always.)
        guard try await core.database.read({ db in try await db.int("SELECT COUNT(*) FROM setAside") ?? 0 }) > 0 else { return 0 }
        let made = try await core.database.write { db in
            let rows = try await db.rows("SELECT name, restore FROM setAside ORDER BY name")
            guard !rows.isEmpty else { return 0 }
            for row in rows { try await db.execute(try row.string("restore")) }
            try await db.execute("DELETE FROM setAside")
            if db.dialect == .sqlite { try await db.execute("PRAGMA wal_autocheckpoint = 1000") }
            return rows.count
        }
        if made > 0 {
            core.changed()
            core.logger.info("indexes set aside made again", metadata: ["count": "\(made)"])
        }
        return made
    }
}
