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
        var takenFrom, takenTo: Int64?
    }

    /// What folders hold themselves (`Direct` but its cover), from their listed files, folder by
    /// folder; `folders` (`f.folder IN (…)`, say) narrows them.
    static func directSQL(where folders: String? = nil) -> String {
        """
        SELECT f.folder, COUNT(*) AS photoCount, MAX(f.sortTaken) AS latest, MIN(p.takenAt) AS takenFrom, MAX(p.takenAt) AS takenTo
        FROM file f JOIN photo p ON p.id = f.photoId WHERE \(folders.map { $0 + " AND " } ?? "")f.pairedTo IS NULL GROUP BY f.folder
        """
    }

    /// A folder's own cover: the photo of its latest listed file, the first such file on a tie,
    /// found down the folder's own index.
    static let coverSQL = """
        SELECT p.sha256 FROM file f JOIN photo p ON p.id = f.photoId WHERE f.folder = ? AND f.pairedTo IS NULL
        ORDER BY f.sortTaken DESC, f.id LIMIT 1
        """

    var photoCount: Int64 = 0
    var totalCount: Int64 = 0
    var folderCount: Int64 = 0
    var latest: Int64?
    var coverSha: String?
    /// The first and last date taken by a camera inside, at any depth.
    var takenFrom: Int64?
    var takenTo: Int64?

    /// Counts a folder's own files, or a subfolder's rows, into this one. Of two with the same
    /// latest date the cover is the lesser hash, so the outcome is the same in any order.
    mutating func absorb(_ direct: Direct) {
        totalCount += direct.count
        if let other = direct.latest,
           latest == nil || other > latest! || (other == latest! && (direct.coverSha ?? "") < (coverSha ?? "")) {
            (latest, coverSha) = (other, direct.coverSha)
        }
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
    /// Pairs files (`pairFiles`), then recomputes every folder's counts and cover photo, in one
    /// transaction; with `skippingWhenBuilt`, not when nothing they are made from changed since
    /// the last rebuild (`FoldersBuilt`).
    @discardableResult
    public func rebuildFolders(skippingWhenBuilt: Bool) async throws -> Bool {
        let repaired: Bool? = try await write { db in
            if skippingWhenBuilt, try Int64.fetchOne(db, sql: FoldersBuilt.read) == FoldersBuilt.rules { return nil }
            return try Self.rebuildFolders(db)
        }
        guard let repaired else { return false }
        bumpVersion()
        return repaired
    }

    private static func rebuildFolders(_ db: Database) throws -> Bool {
        let repaired = try pairFiles(db)
        // One pass over the files for the counts and the cameras' dates, then each folder's cover
        // down the folder's own index: at a million files, 2.2 s where a pass per figure took 4.7.
        // The cover is the photo of the latest file, the first such file on a tie, as PostgreSQL's.
        let cover = try db.cachedStatement(sql: FolderAggregate.coverSQL)
        let direct = try Row.fetchAll(db, sql: FolderAggregate.directSQL()).map { row in
            let path: String = row["folder"]
            return FolderAggregate.Direct(path: path, count: row["photoCount"], latest: row["latest"],
                                          coverSha: try String.fetchOne(cover, arguments: [path]),
                                          takenFrom: row["takenFrom"], takenTo: row["takenTo"])
        }
        let folders = FolderAggregate.tally(direct)
        try db.execute(sql: "DELETE FROM folder")
        let insert = try db.cachedStatement(sql: """
            INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, latestSort, earliestTaken, latestTaken)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (path, agg) in folders {
            try insert.execute(arguments: [path, SourceKey.parent(ofFolder: path), SourceKey.name(of: path),
                                           agg.photoCount, agg.totalCount, agg.folderCount, agg.coverSha, agg.latest, agg.takenFrom, agg.takenTo])
        }
        try db.execute(sql: LinkEnding.vanishedFolders, arguments: [Int64(Date().timeIntervalSince1970)])
        try db.execute(sql: FoldersBuilt.forget)
        try db.execute(sql: FoldersBuilt.record, arguments: [FoldersBuilt.rules])
        return repaired
    }
}
