import GRDB

/// Keeps `file.pairedTo` and `file.companions` in step with the files (`FilePairs`).
extension CatalogStore {
    /// Pairs the files of every folder that holds a RAW or a short clip, and unpairs any file
    /// outside them; writes only what changed. Part of `rebuildFolders`, so every change of files
    /// (a scan, an upload, the trash) ends with it.
    /// Says whether any file was paired or stood alone anew.
    @discardableResult
    static func pairFiles(_ db: Database) throws -> Bool {
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.id, f.folder, f.name, p.format, p.durationMs, p.privateTo, f.pairedTo, f.companions
            FROM file f JOIN photo p ON p.id = f.photoId
            WHERE f.folder IN (SELECT f2.folder FROM file f2 JOIN photo p ON p.id = f2.photoId WHERE \(FilePairs.candidateCondition))
            """)
        var now: [Int64: (pairedTo: Int64?, companions: Int)] = [:]
        let files = rows.map { row -> FilePairs.File in
            now[row["id"]] = (row["pairedTo"], row["companions"])
            return FilePairs.File(id: row["id"], folder: row["folder"], name: row["name"], format: row["format"], durationMs: row["durationMs"], owner: row["privateTo"])
        }
        let update = try db.cachedStatement(sql: "UPDATE file SET pairedTo = ?, companions = ? WHERE id = ?")
        var changed = false
        for (id, wanted) in FilePairs.pair(files) {
            guard let current = now[id], current.pairedTo != wanted.pairedTo || current.companions != wanted.companions.rawValue else { continue }
            try update.execute(arguments: [wanted.pairedTo, wanted.companions.rawValue, id])
            changed = true
        }
        // A file outside those folders stands alone (its companion went, or its still did).
        let read = "[" + now.keys.map(String.init).joined(separator: ",") + "]"
        try db.execute(sql: """
            UPDATE file SET pairedTo = NULL, companions = 0
            WHERE (pairedTo IS NOT NULL OR companions != 0) AND id NOT IN (SELECT value FROM json_each(?))
            """, arguments: [read])
        return changed || db.changesCount > 0
    }
}
