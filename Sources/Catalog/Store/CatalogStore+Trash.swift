import Foundation
import GRDB

/// One file moved to the trash.
public struct TrashItem: Sendable, Equatable {
    public var id: Int64
    /// Where it lived in the library, and will be restored to.
    public var key: String
    public var sha256: String
    public var trashedAt: Int64
}

/// Delete to a recoverable trash in the data folder: files are moved, never unlinked, until
/// the trash is emptied. Curation stays on the photo row throughout.
extension CatalogStore {
    /// Moves the file at `key` from the library into `trashFolder`, keeping its relative path.
    public func moveToTrash(key: String, source: LocalFolderSource, trashFolder: String) throws {
        guard let row = try pool.read({ db in
            try Row.fetchOne(db, sql: "SELECT photoId, size, mtimeNs FROM file WHERE key = ?", arguments: [key])
        }) else {
            let trashed = try pool.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM trash WHERE key = ?)", arguments: [key]) } ?? false
            throw trashed ? CurationError.alreadyInTrash(key) : CurationError.unknownPhoto
        }
        guard let from = source.localPath(forKey: key) else { throw CurationError.unknownPhoto }
        let trashId = try beginTrash(key: key, row: row)
        let relative = try pool.read { db in try String.fetchOne(db, sql: "SELECT trashPath FROM trash WHERE id = ?", arguments: [trashId])! }
        do {
            try FileMover.move(from: from, to: trashFolder + "/" + relative)
        } catch {
            try? pool.write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [trashId]) }
            throw error
        }
        try finishTrash(trashId: trashId, key: key)
        try rebuildFolders()
    }

    /// Step 1 of a delete: the trash row, marked pending, written before the file moves.
    func beginTrash(key: String, row: Row) throws -> Int64 {
        let stamp = Int64(Date().timeIntervalSince1970)
        // A unique folder per deletion keeps the relative path and never collides.
        let relative = "\(stamp)-\(UUID().uuidString.prefix(8))/\(key)"
        return try pool.write { db in
            try db.execute(sql: """
                INSERT INTO trash (photoId, key, trashPath, size, mtimeNs, trashedAt, pending) VALUES (?, ?, ?, ?, ?, ?, 1)
                """, arguments: [row[0] as Int64, key, relative, row[1] as Int64, row[2] as Int64, stamp])
            return db.lastInsertedRowID
        }
    }

    /// Step 3 of a delete, once the file is in the trash: the library forgets the file.
    func finishTrash(trashId: Int64, key: String) throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM file WHERE key = ?", arguments: [key])
            try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [trashId])
        }
        bumpVersion()
    }

    /// Finishes or undoes trash moves a kill interrupted, by where the file actually is, and
    /// finishes an interrupted emptying. Run at start-up, before anything else writes.
    @discardableResult
    public func recoverTrashMoves(source: LocalFolderSource, trashFolder: String) throws -> Int {
        let rows = try pool.read { db in try Row.fetchAll(db, sql: "SELECT id, key, trashPath, pending, photoId FROM trash WHERE pending != 0") }
        for row in rows {
            let id: Int64 = row[0], key: String = row[1], trashPath: String = row[2], pending: Int = row[3]
            let inTrash = FileManager.default.fileExists(atPath: trashFolder + "/" + trashPath)
            let inLibrary = FileManager.default.fileExists(atPath: source.root + "/" + key)
            switch pending {
            case 1 where inTrash && !inLibrary:  // moved, not yet recorded: finish the delete
                try finishTrash(trashId: id, key: key)
            case 2 where inLibrary && !inTrash:  // restored, not yet recorded: finish the restore
                if let entry = source.entry(forKey: key) { try apply([.known(entry, photoId: row[4])]) }
                try pool.write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [id]) }
            case 3:  // emptying: the bytes go, then the row
                try? FileManager.default.removeItem(atPath: trashFolder + "/" + Self.topFolder(trashPath))
                try pool.write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [id]) }
            case 1:  // never moved: undo
                try pool.write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [id]) }
            default:  // a restore that never moved: still in the trash
                try pool.write { db in try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [id]) }
            }
        }
        if !rows.isEmpty { try rebuildFolders() }
        return rows.count
    }

    static func topFolder(_ trashPath: String) -> String {
        trashPath.split(separator: "/").first.map(String.init) ?? trashPath
    }

    /// Everything in the trash, newest first.
    public func trashItems() throws -> [TrashItem] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT t.id, t.key, p.sha256, t.trashedAt FROM trash t JOIN photo p ON p.id = t.photoId WHERE t.pending = 0
                ORDER BY t.trashedAt DESC, t.id DESC
                """).map { TrashItem(id: $0[0], key: $0[1], sha256: $0[2], trashedAt: $0[3]) }
        }
    }

    /// Hashes of the pictures whose every file is in the trash, kept per catalog version since
    /// every thumbnail request asks.
    public func contentOnlyInTrash() throws -> Set<String> {
        try onlyInTrashCache.value(at: version) {
            try pool.read { db in
                Set(try String.fetchAll(db, sql: """
                    SELECT DISTINCT p.sha256 FROM trash t JOIN photo p ON p.id = t.photoId
                    WHERE NOT EXISTS (SELECT 1 FROM file f WHERE f.photoId = p.id)
                    """))
            }
        }
    }

    /// The trashed copy of a picture, for thumbnails on the trash page.
    public func trashedPath(sha256: String, trashFolder: String) throws -> String? {
        try pool.read { db in
            try String.fetchOne(db, sql: """
                SELECT t.trashPath FROM trash t JOIN photo p ON p.id = t.photoId WHERE p.sha256 = ? LIMIT 1
                """, arguments: [sha256]).map { trashFolder + "/" + $0 }
        }
    }

    /// Moves a trashed file back to its original path; refuses when that path is taken.
    public func restore(trashId: Int64, source: LocalFolderSource, trashFolder: String) throws {
        guard let row = try pool.read({ db in
            try Row.fetchOne(db, sql: "SELECT photoId, key, trashPath FROM trash WHERE id = ? AND pending = 0", arguments: [trashId])
        }) else { throw CurationError.unknownTrashItem }
        let key: String = row[1]
        let from = trashFolder + "/" + (row[2] as String)
        let to = source.root + "/" + key
        guard SourceKey.isValid(key), !FileManager.default.fileExists(atPath: to) else { throw CurationError.restoreTargetTaken(key) }
        try pool.write { db in try db.execute(sql: "UPDATE trash SET pending = 2 WHERE id = ?", arguments: [trashId]) }
        do { try FileMover.move(from: from, to: to) } catch {
            try? pool.write { db in try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [trashId]) }
            throw error
        }
        var st = stat()
        stat(to, &st)
        let entry = SourceEntry(key: key, size: Int64(st.st_size),
                                mtimeNs: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
        try apply([.known(entry, photoId: row[0])])
        try pool.write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [trashId]) }
        try? FileManager.default.removeItem(atPath: trashFolder + "/" + ((row[2] as String).split(separator: "/").first.map(String.init) ?? ""))
        try rebuildFolders()
    }

    /// Destroys every trashed file: the only way Photolala removes bytes.
    @discardableResult
    public func emptyTrash(trashFolder: String) throws -> Int {
        // Marked first, so a kill part way is finished at the next start rather than leaving rows without files.
        let items = try pool.write { db in
            try db.execute(sql: "UPDATE trash SET pending = 3 WHERE pending = 0")
            return try Row.fetchAll(db, sql: "SELECT id, trashPath FROM trash WHERE pending = 3")
        }
        for item in items {
            let top = (item[1] as String).split(separator: "/").first.map(String.init) ?? ""
            if !top.isEmpty { try? FileManager.default.removeItem(atPath: trashFolder + "/" + top) }
            try pool.write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [item[0] as Int64]) }
        }
        bumpVersion()
        return items.count
    }
}
