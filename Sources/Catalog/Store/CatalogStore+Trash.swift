import Foundation
import GRDB
import Imaging

/// One file moved to the trash.
public struct TrashItem: Sendable, Equatable {
    public var id: Int64
    /// Where it lived in the library, and will be restored to.
    public var key: String
    public var sha256: String
    public var trashedAt: Int64
    /// The household's turn of the picture.
    public var rotation = Rotation.none

    /// The picture its renditions show.
    public var picture: Picture { Picture(sha256: sha256, rotation: rotation) }
}

/// A trash row as the moves need it.
struct TrashRow: FetchableRecord, Decodable, Sendable {
    var id: Int64
    var photoId: Int64
    var key: String
    /// The trash key the source keeps the file under (named for what it was: a path in the data folder).
    var trashPath: String
    var pending: Int
}

/// Delete to a recoverable trash kept by the source: files are moved, never destroyed, until the
/// trash is emptied; the catalog keeps only the rows. Curation stays on the photo row throughout.
///
/// Each move is three steps, begin (a row marked pending), the source's move, finish, so a kill
/// between them is finished or undone by `recoverTrashMoves` from where the file actually is.
/// `pending` is 1 for a delete under way, 2 for a restore, 3 for an emptying.
extension CatalogStore {
    /// Moves the file at `key` out of the library into the source's trash, and with it the files
    /// that belong to it (a Live Photo's clip, its RAW), each a trash row that is `partOf` its
    /// row: restored with it, not listed on its own. The shot's own file moves first, so a kill
    /// between the moves leaves a companion in the library, standing alone, never lost.
    public func moveToTrash(key: String, source: any PhotoSource) async throws {
        let companions = try await read { db in
            try String.fetchAll(db, sql: "SELECT c.key FROM file c JOIN file o ON o.id = c.pairedTo WHERE o.key = ? ORDER BY c.key",
                                arguments: [key])
        }
        let begun = try await moveOne(key: key, partOf: nil, source: source)
        for companion in companions {
            // A companion that cannot move stays in the library, where it now stands alone.
            _ = try? await moveOne(key: companion, partOf: begun, source: source)
        }
        try await rebuildFolders()
    }

    /// One file's three steps; its trash row's id.
    private func moveOne(key: String, partOf: Int64?, source: any PhotoSource) async throws -> Int64 {
        let begun = try await beginTrash(key: key, partOf: partOf)
        do {
            try await source.moveToTrash(key, as: begun.trashKey)
        } catch {
            _ = try? await write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [begun.id]) }
            throw Self.curationError(error)
        }
        try await finishTrash(trashId: begun.id, key: key)
        return begun.id
    }

    /// Step 1 of a delete: the trash row, marked pending, written before the file moves. Its
    /// trash key is unique per deletion and keeps the file's key, so it never collides.
    func beginTrash(key: String, partOf: Int64? = nil) async throws -> (id: Int64, trashKey: String) {
        let stamp = Int64(Date().timeIntervalSince1970)
        let trashKey = "\(stamp)-\(UUID().uuidString.prefix(8))/\(key)"
        return try await write { db in
            guard let file = try Row.fetchOne(db, sql: "SELECT photoId, size, mtimeNs FROM file WHERE key = ?", arguments: [key]) else {
                let trashed = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM trash WHERE key = ?)", arguments: [key]) ?? false
                throw trashed ? CurationError.alreadyInTrash(key) : CurationError.unknownPhoto
            }
            try db.execute(sql: """
                INSERT INTO trash (photoId, key, trashPath, size, mtimeNs, trashedAt, pending, partOf) VALUES (?, ?, ?, ?, ?, ?, 1, ?)
                """, arguments: [file["photoId"] as Int64, key, trashKey, file["size"] as Int64, file["mtimeNs"] as Int64, stamp, partOf])
            return (db.lastInsertedRowID, trashKey)
        }
    }

    /// Step 3 of a delete, once the file is in the trash: the library forgets the file.
    func finishTrash(trashId: Int64, key: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM file WHERE key = ?", arguments: [key])
            try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [trashId])
        }
        bumpVersion()
    }

    /// Finishes or undoes trash moves a kill interrupted, by where the file actually is, and
    /// finishes an interrupted emptying. Run at start-up, before anything else writes.
    @discardableResult
    public func recoverTrashMoves(source: any PhotoSource) async throws -> Int {
        let rows = try await read { db in
            try TrashRow.fetchAll(db, sql: "SELECT id, photoId, key, trashPath, pending FROM trash WHERE pending != 0")
        }
        for row in rows {
            let inTrash = try await source.trashEntry(row.trashPath) != nil
            let inLibrary = try await source.entry(forKey: row.key)
            switch row.pending {
            case 1 where inTrash && inLibrary == nil:  // moved, not yet recorded: finish the delete
                try await finishTrash(trashId: row.id, key: row.key)
            case 2 where inLibrary != nil && !inTrash:  // restored, not yet recorded: finish the restore
                try await apply([.known(inLibrary!, photoId: row.photoId)], now: Date())
                try await deleteTrashRow(row.id)
            case 3:  // emptying: the bytes go, then the row
                try? await source.deleteFromTrash(row.trashPath)
                try await deleteTrashRow(row.id)
            case 1:  // never moved: undo
                try await deleteTrashRow(row.id)
            default:  // a restore that never moved: still in the trash
                try await write { db in try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [row.id]) }
            }
        }
        if !rows.isEmpty { try await rebuildFolders() }
        return rows.count
    }

    /// Everything in the trash, newest first.
    public func trashItems() async throws -> [TrashItem] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT t.id, t.key, p.sha256, p.rotation, t.trashedAt FROM trash t JOIN photo p ON p.id = t.photoId
                WHERE t.pending = 0 AND (t.partOf IS NULL OR NOT EXISTS (SELECT 1 FROM trash o WHERE o.id = t.partOf))
                ORDER BY t.trashedAt DESC, t.id DESC
                """).map { TrashItem(id: $0["id"], key: $0["key"], sha256: $0["sha256"], trashedAt: $0["trashedAt"],
                                    rotation: Rotation(column: $0["rotation"])) }
        }
    }

    /// Hashes of the pictures whose every file is in the trash, kept per catalog version since
    /// every thumbnail request asks.
    public func contentOnlyInTrash() async throws -> Set<String> {
        try await onlyInTrashCache.value(at: version) { [self] in
            try await read { db in
                Set(try String.fetchAll(db, sql: """
                    SELECT DISTINCT p.sha256 FROM trash t JOIN photo p ON p.id = t.photoId
                    WHERE NOT EXISTS (SELECT 1 FROM file f WHERE f.photoId = p.id)
                    """))
            }
        }
    }

    /// The trash key of a trashed copy of a picture, for thumbnails on the trash page.
    public func trashKey(forContent sha256: String) async throws -> String? {
        try await read { db in
            try String.fetchOne(db, sql: """
                SELECT t.trashPath FROM trash t JOIN photo p ON p.id = t.photoId WHERE p.sha256 = ? LIMIT 1
                """, arguments: [sha256])
        }
    }

    /// Moves a trashed file back to its original key, and the files trashed as part of it;
    /// refuses when that key is taken. A part whose key is taken stays in the trash, listed on its own.
    public func restore(trashId: Int64, source: any PhotoSource) async throws {
        let parts = try await read { db in try Int64.fetchAll(db, sql: "SELECT id FROM trash WHERE partOf = ? AND pending = 0", arguments: [trashId]) }
        try await restoreOne(trashId: trashId, source: source)
        for part in parts {
            do { try await restoreOne(trashId: part, source: source) } catch {
                _ = try? await write { db in try db.execute(sql: "UPDATE trash SET partOf = NULL WHERE id = ?", arguments: [part]) }
            }
        }
        if !parts.isEmpty { try await rebuildFolders() }
    }

    private func restoreOne(trashId: Int64, source: any PhotoSource) async throws {
        guard let row = try await read({ db in
            try TrashRow.fetchOne(db, sql: "SELECT id, photoId, key, trashPath, pending FROM trash WHERE id = ? AND pending = 0",
                                  arguments: [trashId])
        }) else { throw CurationError.unknownTrashItem }
        guard SourceKey.isValid(row.key), try await source.entry(forKey: row.key) == nil else {
            throw CurationError.restoreTargetTaken(row.key)
        }
        guard try await beginRestore(trashId: trashId) != nil else { throw CurationError.unknownTrashItem }
        let entry: SourceEntry
        do {
            entry = try await source.restore(fromTrash: row.trashPath, to: row.key)
        } catch {
            _ = try? await write { db in try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [trashId]) }
            switch error as? SourceError {
            case .alreadyExists?: throw CurationError.restoreTargetTaken(row.key)
            case .notFound?: throw CurationError.unknownTrashItem
            default: throw Self.curationError(error)
            }
        }
        try await apply([.known(entry, photoId: row.photoId)], now: Date())
        try await deleteTrashRow(trashId)
        try await rebuildFolders()
    }

    /// Destroys every trashed file: the only way Photolala removes bytes.
    @discardableResult
    public func emptyTrash(source: any PhotoSource) async throws -> Int {
        // Marked first, so a kill part way is finished at the next start rather than leaving rows without files.
        let items = try await beginEmptying()
        for item in items {
            try? await source.deleteFromTrash(item.trashPath)
            try await deleteTrashRow(item.id)
        }
        bumpVersion()
        return items.count
    }

    /// Step 1 of emptying: every trash row marked, and returned.
    func beginEmptying() async throws -> [TrashRow] {
        try await write { db in
            try db.execute(sql: "UPDATE trash SET pending = 3 WHERE pending = 0")
            return try TrashRow.fetchAll(db, sql: "SELECT id, photoId, key, trashPath, pending FROM trash WHERE pending = 3")
        }
    }

    /// Step 1 of a restore: the row marked, before the file moves; nil when there is no such item.
    func beginRestore(trashId: Int64) async throws -> TrashRow? {
        try await write { db in
            try db.execute(sql: "UPDATE trash SET pending = 2 WHERE id = ? AND pending = 0", arguments: [trashId])
            return db.changesCount == 0 ? nil
                : try TrashRow.fetchOne(db, sql: "SELECT id, photoId, key, trashPath, pending FROM trash WHERE id = ?", arguments: [trashId])
        }
    }

    /// Rows of moves that have not finished: none, once `recoverTrashMoves` has run.
    func pendingTrashCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trash WHERE pending != 0") ?? 0 }
    }

    private func deleteTrashRow(_ id: Int64) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [id]) }
    }

    /// A source's failure in the words the trash pages show.
    static func curationError(_ error: any Error) -> any Error {
        switch error as? SourceError {
        case .notFound?: return CurationError.unknownPhoto
        case let sourceError?: return CurationError.fileOperationFailed(sourceError.description)
        case nil: return error
        }
    }
}
