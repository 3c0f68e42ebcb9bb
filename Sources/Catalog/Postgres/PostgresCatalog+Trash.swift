import Foundation
import Imaging

/// Delete to a recoverable trash kept by the source, in the PostgreSQL catalog, step for step as
/// `CatalogStore` does it: files are moved, never destroyed, until the trash is emptied; the
/// catalog keeps only the rows. Curation stays on the photo row throughout.
///
/// Each move is three steps, begin (a row marked pending), the source's move, finish, each step
/// its own transaction, so a kill between them is finished or undone by `recoverTrashMoves` from
/// where the file actually is. `pending` is 1 for a delete under way, 2 for a restore, 3 for an
/// emptying.
extension PostgresCatalog: TrashStore {
    /// The columns of a trash row as the moves need it (`TrashRow`).
    private static let trashRowColumns = "id, photoId, key, trashPath, pending"

    /// A trash row read with `trashRowColumns`.
    private static func trashRow(_ row: SQLRow) throws -> TrashRow {
        TrashRow(id: try row.int("id"), photoId: try row.int("photoId"), key: try row.string("key"),
                 trashPath: try row.string("trashPath"), pending: Int(try row.int("pending")))
    }

    /// Moves the file at `key` out of the library into the source's trash, and with it the files
    /// that belong to it (a Live Photo's clip, its RAW), each a trash row that is `partOf` its
    /// row: restored with it, not listed on its own. The shot's own file moves first, so a kill
    /// between the moves leaves a companion in the library, standing alone, never lost.
    public func moveToTrash(key: String, source: any PhotoSource) async throws {
        let companions = try await read { db in
            try await db.strings("SELECT c.key FROM file c JOIN file o ON o.id = c.pairedTo WHERE o.key = ? ORDER BY c.key", [key])
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
            _ = try? await write { db in try await db.execute("DELETE FROM trash WHERE id = ?", [begun.id]) }
            throw Self.trashCurationError(error)
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
            guard let file = try await db.row("SELECT photoId, size, mtimeNs FROM file WHERE key = ?", [key]) else {
                let trashed = try await db.exists("SELECT 1 FROM trash WHERE key = ?", [key])
                throw trashed ? CurationError.alreadyInTrash(key) : CurationError.unknownPhoto
            }
            let (photoId, size, mtimeNs) = (try file.int("photoId"), try file.int("size"), try file.int("mtimeNs"))
            guard let id = try await db.int("""
                INSERT INTO trash (photoId, key, trashPath, size, mtimeNs, trashedAt, pending, partOf, pendingSince)
                VALUES (?, ?, ?, ?, ?, ?, 1, ?::bigint, ?)
                RETURNING id
                """, [photoId, key, trashKey, size, mtimeNs, stamp, partOf, stamp]) else {
                throw PostgresCatalogError(description: "no trash row for \(key)")
            }
            return (id, trashKey)
        }
    }

    /// Step 3 of a delete, once the file is in the trash: the library forgets the file.
    func finishTrash(trashId: Int64, key: String) async throws {
        try await write { db in
            try await db.execute("DELETE FROM file WHERE key = ?", [key])
            try await db.execute("UPDATE trash SET pending = 0 WHERE id = ?", [trashId])
        }
        bumpVersion()
    }

    /// Finishes or undoes trash moves a kill interrupted, by where the file actually is, and
    /// finishes an interrupted emptying. Run at start-up, before anything else writes.
    @discardableResult
    public func recoverTrashMoves(source: any PhotoSource) async throws -> Int {
        // Only moves older than any move takes: with several instances, a younger one may be
        // another instance's, still going.
        let before = Int64(Date().timeIntervalSince1970) - Int64(trashMoveGrace.components.seconds)
        let rows = try await read { db in
            try await db.rows("SELECT \(Self.trashRowColumns) FROM trash WHERE pending != 0 AND COALESCE(pendingSince, 0) <= ? ORDER BY id",
                              [before]).map(Self.trashRow)
        }
        for row in rows {
            let inTrash = try await source.trashEntry(row.trashPath) != nil
            let inLibrary = try await source.entry(forKey: row.key)
            switch row.pending {
            case 1 where inTrash && inLibrary == nil:  // moved, not yet recorded: finish the delete
                try await finishTrash(trashId: row.id, key: row.key)
            case 2 where inLibrary != nil && !inTrash:  // restored, not yet recorded: finish the restore
                if let entry = inLibrary { try await apply([.known(entry, photoId: row.photoId)], now: Date()) }
                try await deleteTrashRow(row.id)
            case 3:  // emptying: the bytes go, then the row
                try? await source.deleteFromTrash(row.trashPath)
                try await deleteTrashRow(row.id)
            case 1:  // never moved: undo
                try await deleteTrashRow(row.id)
            default:  // a restore that never moved: still in the trash
                try await write { db in try await db.execute("UPDATE trash SET pending = 0 WHERE id = ?", [row.id]) }
            }
        }
        if !rows.isEmpty { try await rebuildFolders() }
        return rows.count
    }

    /// Everything in the trash, newest first (a file trashed as part of another is listed with
    /// it, not on its own).
    public func trashItems() async throws -> [TrashItem] {
        try await read { db in
            try await db.rows("""
                SELECT t.id, t.key, p.sha256, p.rotation, t.trashedAt FROM trash t JOIN photo p ON p.id = t.photoId
                WHERE t.pending = 0 AND (t.partOf IS NULL OR NOT EXISTS (SELECT 1 FROM trash o WHERE o.id = t.partOf))
                ORDER BY t.trashedAt DESC, t.id DESC
                """).map {
                TrashItem(id: try $0.int("id"), key: try $0.string("key"), sha256: try $0.string("sha256"), trashedAt: try $0.int("trashedAt"),
                          rotation: Rotation(column: Int(try $0.int("rotation"))))
            }
        }
    }

    /// Hashes of the pictures whose every file is in the trash, kept per catalog version since
    /// every thumbnail request asks.
    public func contentOnlyInTrash() async throws -> Set<String> {
        try await onlyInTrashCache.value(at: version) { [self] in
            try await read { db in
                Set(try await db.strings("""
                    SELECT DISTINCT p.sha256 FROM trash t JOIN photo p ON p.id = t.photoId
                    WHERE NOT EXISTS (SELECT 1 FROM file f WHERE f.photoId = p.id)
                    """))
            }
        }
    }

    /// The trash key of a trashed copy of a picture, for thumbnails on the trash page.
    public func trashKey(forContent sha256: String) async throws -> String? {
        try await read { db in
            try await db.string("SELECT t.trashPath FROM trash t JOIN photo p ON p.id = t.photoId WHERE p.sha256 = ? LIMIT 1", [sha256])
        }
    }

    /// Moves a trashed file back to its original key, and the files trashed as part of it;
    /// refuses when that key is taken. A part whose key is taken stays in the trash, listed on its own.
    public func restore(trashId: Int64, source: any PhotoSource) async throws {
        let parts = try await read { db in
            try await db.ints("SELECT id FROM trash WHERE partOf = ? AND pending = 0 ORDER BY id", [trashId])
        }
        try await restoreOne(trashId: trashId, source: source)
        for part in parts {
            do { try await restoreOne(trashId: part, source: source) } catch {
                _ = try? await write { db in try await db.execute("UPDATE trash SET partOf = NULL WHERE id = ?", [part]) }
            }
        }
        if !parts.isEmpty { try await rebuildFolders() }
    }

    /// One file's restore in three steps: the row marked, the source's move, the file catalogued
    /// again (its photo row, with its curation, is still there) and the row gone.
    private func restoreOne(trashId: Int64, source: any PhotoSource) async throws {
        guard let row = try await read({ db in
            try await db.row("SELECT \(Self.trashRowColumns) FROM trash WHERE id = ? AND pending = 0", [trashId]).map(Self.trashRow)
        }) else { throw CurationError.unknownTrashItem }
        guard SourceKey.isValid(row.key), try await source.entry(forKey: row.key) == nil else {
            throw CurationError.restoreTargetTaken(row.key)
        }
        guard try await beginRestore(trashId: trashId) != nil else { throw CurationError.unknownTrashItem }
        let entry: SourceEntry
        do {
            entry = try await source.restore(fromTrash: row.trashPath, to: row.key)
        } catch {
            _ = try? await write { db in try await db.execute("UPDATE trash SET pending = 0 WHERE id = ?", [trashId]) }
            switch error as? SourceError {
            case .alreadyExists?: throw CurationError.restoreTargetTaken(row.key)
            case .notFound?: throw CurationError.unknownTrashItem
            default: throw Self.trashCurationError(error)
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
            try await db.execute("UPDATE trash SET pending = 3, pendingSince = ? WHERE pending = 0", [Int64(Date().timeIntervalSince1970)])
            return try await db.rows("SELECT \(Self.trashRowColumns) FROM trash WHERE pending = 3 ORDER BY id").map(Self.trashRow)
        }
    }

    /// Step 1 of a restore: the row marked, before the file moves; nil when there is no such item.
    func beginRestore(trashId: Int64) async throws -> TrashRow? {
        try await write { db in
            try await db.row("UPDATE trash SET pending = 2, pendingSince = ? WHERE id = ? AND pending = 0 RETURNING \(Self.trashRowColumns)",
                             [Int64(Date().timeIntervalSince1970), trashId])
                .map(Self.trashRow)
        }
    }

    /// Rows of moves that have not finished: none, once `recoverTrashMoves` has run.
    func pendingTrashCount() async throws -> Int {
        try await read { db in Int(try await db.int("SELECT COUNT(*) FROM trash WHERE pending != 0") ?? 0) }
    }

    /// Forgets one trash row.
    private func deleteTrashRow(_ id: Int64) async throws {
        try await write { db in try await db.execute("DELETE FROM trash WHERE id = ?", [id]) }
    }

    /// A source's failure in the words the trash pages show.
    private static func trashCurationError(_ error: any Error) -> any Error {
        switch error as? SourceError {
        case .notFound?: return CurationError.unknownPhoto
        case let sourceError?: return CurationError.fileOperationFailed(sourceError.description)
        case nil: return error
        }
    }
}
