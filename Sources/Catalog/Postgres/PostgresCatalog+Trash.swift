import Foundation
import Imaging

/// The trash's moves (`TrashMoves`, written once for both catalogs), their steps in PostgreSQL.
/// Each step is its own transaction; a row records when its move began (`pendingSince`), so a
/// start settles only moves older than `trashMoveGrace`.
extension PostgresCatalog: TrashStore, TrashSteps {
    /// The columns of a trash row as the moves need it (`TrashRow`).
    private static let trashRowColumns = "id, photoId, key, trashPath, pending"

    /// A trash row read with `trashRowColumns`.
    private static func trashRow(_ row: SQLRow) throws -> TrashRow {
        TrashRow(id: try row.int("id"), photoId: try row.int("photoId"), key: try row.string("key"),
                 trashPath: try row.string("trashPath"), pending: Int(try row.int("pending")))
    }

    public func moveToTrash(key: String, source: any PhotoSource) async throws {
        try await TrashMoves.moveToTrash(self, key: key, source: source)
    }

    @discardableResult
    public func recoverTrashMoves(source: any PhotoSource) async throws -> Int {
        try await TrashMoves.recover(self, source: source)
    }

    /// The same as at a start, past the same grace: an instance that stopped mid-move may never
    /// start again, and the moves it left would otherwise wait for one that does.
    public func settleAbandonedTrashMoves(source: any PhotoSource) async throws -> Int {
        try await recoverTrashMoves(source: source)
    }

    public func restore(trashId: Int64, source: any PhotoSource) async throws {
        try await TrashMoves.restore(self, trashId: trashId, source: source)
    }

    @discardableResult
    public func emptyTrash(source: any PhotoSource) async throws -> TrashEmptying {
        try await TrashMoves.empty(self, source: source)
    }

    func companionKeys(of key: String) async throws -> [String] {
        try await read { db in
            try await db.strings("SELECT c.key FROM file c JOIN file o ON o.id = c.pairedTo WHERE o.key = ? ORDER BY c.key", [key])
        }
    }

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

    func finishTrash(trashId: Int64, key: String) async throws {
        try await write { db in
            try await db.execute("DELETE FROM file WHERE key = ?", [key])
            try await db.execute("UPDATE trash SET pending = 0 WHERE id = ?", [trashId])
        }
        bumpVersion()
    }

    func unfinishedTrashRows() async throws -> [TrashRow] {
        // Only moves older than any move takes: with several instances, a younger one may be
        // another instance's, still going.
        let before = Int64(Date().timeIntervalSince1970) - Int64(trashMoveGrace.components.seconds)
        return try await read { db in
            try await db.rows("SELECT \(Self.trashRowColumns) FROM trash WHERE pending != 0 AND COALESCE(pendingSince, 0) <= ? ORDER BY id",
                              [before]).map(Self.trashRow)
        }
    }

    func settledTrashRow(id: Int64) async throws -> TrashRow? {
        try await read { db in
            try await db.row("SELECT \(Self.trashRowColumns) FROM trash WHERE id = ? AND pending = 0", [id]).map(Self.trashRow)
        }
    }

    func partIds(of trashId: Int64) async throws -> [Int64] {
        try await read { db in try await db.ints("SELECT id FROM trash WHERE partOf = ? AND pending = 0 ORDER BY id", [trashId]) }
    }

    func detachPart(_ id: Int64) async throws {
        _ = try await write { db in try await db.execute("UPDATE trash SET partOf = NULL WHERE id = ?", [id]) }
    }

    func settleTrashRow(_ id: Int64) async throws {
        _ = try await write { db in try await db.execute("UPDATE trash SET pending = 0 WHERE id = ?", [id]) }
    }

    func trashChanged() { bumpVersion() }

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

    func beginEmptying() async throws -> [TrashRow] {
        try await write { db in
            try await db.execute("UPDATE trash SET pending = 3, pendingSince = ? WHERE pending = 0", [Int64(Date().timeIntervalSince1970)])
            return try await db.rows("SELECT \(Self.trashRowColumns) FROM trash WHERE pending = 3 ORDER BY id").map(Self.trashRow)
        }
    }

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

    func deleteTrashRow(_ id: Int64) async throws {
        _ = try await write { db in try await db.execute("DELETE FROM trash WHERE id = ?", [id]) }
    }
}
