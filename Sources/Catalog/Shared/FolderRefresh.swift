import Foundation
import SourceContract

/// The folder rows brought in step after files came into or left a few folders (an upload, a
/// phone's backup, a file the watcher saw), without counting every file in the library again as
/// `rebuildFolders` does: at a million files that took 2.2 s for each photo a phone sent.
///
/// Only the folders named and those above them are made again, deepest first, each from its own
/// files (down the folder's index) and its subfolders' rows, which are already in step. Their
/// files are paired first (`FilePairs`, as the full rebuild pairs every folder). The rows come
/// out as `rebuildFolders` would write them (`FolderAggregate.tally`): a contract test holds the
/// two to each other on both catalogs.
enum FolderRefresh {
    /// Whether it was done; false when a subfolder's row predates `latestSort` (a catalog made
    /// before it was kept), so the caller rebuilds every folder, which writes it.
    static func refresh(_ db: any SQLSession, touching touched: Set<String>, now: Int64) async throws -> Bool {
        try await pair(db, folders: touched)
        var affected = Set<String>()
        for folder in touched {
            var current: String? = folder
            while let path = current, affected.insert(path).inserted { current = SourceKey.parent(ofFolder: path) }
        }
        let paths = affected.sorted()
        let list = marks(paths.count)
        // What each holds itself (its listed files), as the full rebuild reads it, in one pass
        // down the folders' index; a cover only where a folder holds files itself.
        var own: [String: FolderAggregate.Direct] = [:]
        for row in try await db.rows(FolderAggregate.directSQL(where: "f.folder IN (\(list))"), paths) {
            let path = try row.string("folder")
            let cover = try await db.string(FolderAggregate.coverSQL, [path])
            own[path] = FolderAggregate.Direct(path: path, count: try row.int("photoCount"), latest: try row.optionalInt("latest"),
                                               coverSha: cover, takenFrom: try row.optionalInt("takenFrom"), takenTo: try row.optionalInt("takenTo"))
        }
        // The subfolders' rows as they stand; those among the affected are replaced as they are made.
        var children: [String: [String: FolderAggregate.Direct]] = [:]
        for row in try await db.rows("""
            SELECT parent, path, totalCount, coverSha, latestSort, earliestTaken, latestTaken FROM folder WHERE parent IN (\(list))
            """, paths) {
            let count = try row.int("totalCount"), latest = try row.optionalInt("latestSort")
            if latest == nil && count > 0 { return false }
            let path = try row.string("path")
            children[try row.string("parent"), default: [:]][path] = FolderAggregate.Direct(
                path: path, count: count, latest: latest, coverSha: try row.optionalString("coverSha"),
                takenFrom: try row.optionalInt("earliestTaken"), takenTo: try row.optionalInt("latestTaken"))
        }
        // Deepest first, so each folder counts its subfolders as they are now.
        var made: [(path: String, aggregate: FolderAggregate)] = []
        for path in paths.sorted(by: { depth($0) != depth($1) ? depth($0) > depth($1) : $0 < $1 }) {
            var aggregate = FolderAggregate()
            if let direct = own[path] {
                aggregate.photoCount = direct.count
                aggregate.absorb(direct)
            }
            for child in (children[path] ?? [:]).values where child.count > 0 {
                aggregate.folderCount += 1
                aggregate.absorb(child)
            }
            if let parent = SourceKey.parent(ofFolder: path) {
                children[parent, default: [:]][path] = FolderAggregate.Direct(path: path, count: aggregate.totalCount, latest: aggregate.latest,
                                                                               coverSha: aggregate.coverSha, takenFrom: aggregate.takenFrom,
                                                                               takenTo: aggregate.takenTo)
            }
            // A folder with nothing in or below it has no row, as after a rebuild.
            if aggregate.totalCount > 0 { made.append((path, aggregate)) }
        }
        try await db.execute("DELETE FROM folder WHERE path IN (\(list))", paths)
        if !made.isEmpty {
            try await db.execute("""
                INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, latestSort, earliestTaken, latestTaken)
                VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: made.count).joined(separator: ", "))
                """, made.flatMap { path, folder -> [any SQLArgument] in
                    [path, SourceKey.parent(ofFolder: path), SourceKey.name(of: path), folder.photoCount, folder.totalCount,
                     folder.folderCount, folder.coverSha, folder.latest, folder.takenFrom, folder.takenTo]
                })
        }
        try await db.execute(LinkEnding.vanishedFolders, [now])
        return true
    }

    private static func depth(_ path: String) -> Int {
        path.isEmpty ? 0 : path.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }

    private static func marks(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }

    /// Pairs the files of the folders that may hold a companion, as the full rebuild pairs
    /// every such folder, and stands alone every file of one that no longer does; writes only
    /// what changed.
    private static func pair(_ db: any SQLSession, folders: Set<String>) async throws {
        let touched = folders.sorted()
        let pairing = try await db.strings("""
            SELECT DISTINCT f.folder FROM file f JOIN photo p ON p.id = f.photoId
            WHERE f.folder IN (\(marks(touched.count))) AND (\(FilePairs.candidateCondition) OR f.pairedTo IS NOT NULL OR f.companions <> 0)
            """, touched)
        guard !pairing.isEmpty else { return }
        var now: [Int64: (pairedTo: Int64?, companions: Int64)] = [:]
        var files: [FilePairs.File] = []
        for row in try await db.rows("""
            SELECT f.id, f.folder, f.name, p.format, p.durationMs, p.privateTo, f.pairedTo, f.companions
            FROM file f JOIN photo p ON p.id = f.photoId WHERE f.folder IN (\(marks(pairing.count)))
            """, pairing) {
            let id = try row.int("id")
            now[id] = (try row.optionalInt("pairedTo"), try row.int("companions"))
            files.append(FilePairs.File(id: id, folder: try row.string("folder"), name: try row.string("name"), format: try row.string("format"),
                                        durationMs: try row.optionalInt("durationMs"), owner: try row.optionalInt("privateTo")))
        }
        for (id, wanted) in FilePairs.pair(files) {
            guard let current = now[id], current.pairedTo != wanted.pairedTo || current.companions != Int64(wanted.companions.rawValue) else { continue }
            try await db.execute("UPDATE file SET pairedTo = ?, companions = ? WHERE id = ?", [wanted.pairedTo, Int64(wanted.companions.rawValue), id])
        }
    }
}

extension ScanBookkeeping where Self: SQLCatalog {
    public func refreshFolders(_ folders: Set<String>, waitingForDisk: Bool) async throws {
        guard !folders.isEmpty else { return }
        let now = Int64(Date().timeIntervalSince1970)
        if try await core.database.writeBriefly(waitingForDisk: waitingForDisk, { db in try await FolderRefresh.refresh(db, touching: folders, now: now) }) {
            core.changed()
        } else {
            try await rebuildFolders()
        }
    }
}
