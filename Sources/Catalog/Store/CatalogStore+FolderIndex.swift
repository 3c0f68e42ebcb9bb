import GRDB

/// Keeps the `folder` table (counts and covers for the folder grid) in step with the file rows.
extension CatalogStore {
    private struct Aggregate {
        var photoCount = 0
        var totalCount = 0
        var folderCount = 0
        var latest: Int64?
        var coverSha: String?
        /// The first and last date taken by a camera inside, at any depth.
        var takenFrom: Int64?
        var takenTo: Int64?

        mutating func absorb(latest other: Int64?, cover: String?) {
            guard let other else { return }
            if latest == nil || other > latest! { latest = other; coverSha = cover }
        }

        mutating func absorb(takenFrom from: Int64?, to: Int64?) {
            if let from { takenFrom = min(takenFrom ?? from, from) }
            if let to { takenTo = max(takenTo ?? to, to) }
        }
    }

    /// Pairs files (`pairFiles`), then recomputes every folder's counts and cover photo, in one transaction.
    public func rebuildFolders() async throws {
        try await write { db in try Self.rebuildFolders(db) }
        bumpVersion()
    }

    private static func rebuildFolders(_ db: Database) throws {
        try pairFiles(db)
        var folders: [String: Aggregate] = [:]
        // SQLite returns the bare column (sha256) from the row holding MAX(sortTaken).
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.folder, COUNT(*) AS photoCount, MAX(f.sortTaken) AS latest, p.sha256,
                   (SELECT MIN(p2.takenAt) FROM file f2 JOIN photo p2 ON p2.id = f2.photoId WHERE f2.folder = f.folder AND f2.pairedTo IS NULL) AS takenFrom,
                   (SELECT MAX(p2.takenAt) FROM file f2 JOIN photo p2 ON p2.id = f2.photoId WHERE f2.folder = f.folder AND f2.pairedTo IS NULL) AS takenTo
            FROM file f JOIN photo p ON p.id = f.photoId WHERE f.pairedTo IS NULL GROUP BY f.folder
            """)
        for row in rows {
            let path: String = row["folder"]
            let count: Int = row["photoCount"]
            let latest: Int64? = row["latest"]
            let sha: String? = row["sha256"]
            let (takenFrom, takenTo): (Int64?, Int64?) = (row["takenFrom"], row["takenTo"])
            folders[path, default: Aggregate()].photoCount = count
            var current: String? = path
            while let folder = current {
                folders[folder, default: Aggregate()].totalCount += count
                folders[folder]!.absorb(latest: latest, cover: sha)
                folders[folder]!.absorb(takenFrom: takenFrom, to: takenTo)
                current = SourceKey.parent(ofFolder: folder)
            }
        }
        for path in folders.keys {
            if let parent = SourceKey.parent(ofFolder: path) { folders[parent]?.folderCount += 1 }
        }
        try db.execute(sql: "DELETE FROM folder")
        let insert = try db.cachedStatement(sql: """
            INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, earliestTaken, latestTaken)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (path, agg) in folders {
            try insert.execute(arguments: [path, SourceKey.parent(ofFolder: path), SourceKey.name(of: path),
                                           agg.photoCount, agg.totalCount, agg.folderCount, agg.coverSha, agg.takenFrom, agg.takenTo])
        }
    }
}
