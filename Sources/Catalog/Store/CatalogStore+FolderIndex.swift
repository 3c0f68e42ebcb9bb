import Foundation
import GRDB

/// A folder's counts, dates and cover for the folder grid, made the same way by every catalog
/// from one row per folder that holds listed files directly.
struct FolderAggregate {
    /// What a folder holds directly: how many listed files, the latest sort date and the cover
    /// (the photo with it), and the camera dates' range.
    struct Direct {
        var path: String
        var count: Int64
        var latest: Int64?
        var coverSha: String?
        var takenFrom: Int64?
        var takenTo: Int64?
    }

    var photoCount: Int64 = 0
    var totalCount: Int64 = 0
    var folderCount: Int64 = 0
    var latest: Int64?
    var coverSha: String?
    /// The first and last date taken by a camera inside, at any depth.
    var takenFrom: Int64?
    var takenTo: Int64?

    private mutating func absorb(_ direct: Direct) {
        totalCount += direct.count
        if let other = direct.latest, latest == nil || other > latest! { (latest, coverSha) = (other, direct.coverSha) }
        if let from = direct.takenFrom { takenFrom = min(takenFrom ?? from, from) }
        if let to = direct.takenTo { takenTo = max(takenTo ?? to, to) }
    }

    /// Every folder with photos in or below it, from the folders that hold some directly: each
    /// counted into itself and all its parents, and each counted as a subfolder of its parent.
    static func tally(_ rows: [Direct]) -> [String: FolderAggregate] {
        var folders: [String: FolderAggregate] = [:]
        for row in rows {
            folders[row.path, default: FolderAggregate()].photoCount = row.count
            var current: String? = row.path
            while let folder = current {
                folders[folder, default: FolderAggregate()].absorb(row)
                current = SourceKey.parent(ofFolder: folder)
            }
        }
        for path in folders.keys {
            if let parent = SourceKey.parent(ofFolder: path) { folders[parent]?.folderCount += 1 }
        }
        return folders
    }
}

/// Keeps the `folder` table (counts and covers for the folder grid) in step with the file rows.
extension CatalogStore {
    /// Pairs files (`pairFiles`), then recomputes every folder's counts and cover photo, in one transaction.
    public func rebuildFolders() async throws {
        try await write { db in try Self.rebuildFolders(db) }
        bumpVersion()
    }

    private static func rebuildFolders(_ db: Database) throws {
        try pairFiles(db)
        // SQLite returns the bare column (sha256) from the row holding MAX(sortTaken).
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.folder, COUNT(*) AS photoCount, MAX(f.sortTaken) AS latest, p.sha256,
                   (SELECT MIN(p2.takenAt) FROM file f2 JOIN photo p2 ON p2.id = f2.photoId WHERE f2.folder = f.folder AND f2.pairedTo IS NULL) AS takenFrom,
                   (SELECT MAX(p2.takenAt) FROM file f2 JOIN photo p2 ON p2.id = f2.photoId WHERE f2.folder = f.folder AND f2.pairedTo IS NULL) AS takenTo
            FROM file f JOIN photo p ON p.id = f.photoId WHERE f.pairedTo IS NULL GROUP BY f.folder
            """)
        let folders = FolderAggregate.tally(rows.map { row in
            FolderAggregate.Direct(path: row["folder"], count: row["photoCount"], latest: row["latest"], coverSha: row["sha256"],
                                   takenFrom: row["takenFrom"], takenTo: row["takenTo"])
        })
        try db.execute(sql: "DELETE FROM folder")
        let insert = try db.cachedStatement(sql: """
            INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, earliestTaken, latestTaken)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (path, agg) in folders {
            try insert.execute(arguments: [path, SourceKey.parent(ofFolder: path), SourceKey.name(of: path),
                                           agg.photoCount, agg.totalCount, agg.folderCount, agg.coverSha, agg.takenFrom, agg.takenTo])
        }
        try db.execute(sql: LinkEnding.vanishedFolders, arguments: [Int64(Date().timeIntervalSince1970)])
    }
}
