import Foundation
import Imaging
import Logging

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

/// The trash, in both catalogs: its moves (`TrashMoves`) and what it lists.
extension TrashStore where Self: SQLCatalog & ScanBookkeeping {
    var trashSteps: SQLTrashSteps { SQLTrashSteps(core: core, bookkeeping: self) }

    public func moveToTrash(key: String, source: any PhotoSource) async throws {
        try await TrashMoves.moveToTrash(trashSteps, key: key, source: source)
    }

    @discardableResult
    public func recoverTrashMoves(source: any PhotoSource) async throws -> Int {
        try await TrashMoves.recover(trashSteps, source: source)
    }

    public func restore(trashId: Int64, sight: Sight, source: any PhotoSource) async throws {
        if sight != .everything {
            let owner = try await core.database.read { db in
                try await db.row("SELECT p.privateTo FROM trash t JOIN photo p ON p.id = t.photoId WHERE t.id = ?", [trashId])
                    .map { try $0.optionalInt("privateTo") }
            }
            if case .some(.some(let owner)) = owner, !sight.sees(privateTo: owner) { throw CurationError.unknownTrashItem }
        }
        try await TrashMoves.restore(trashSteps, trashId: trashId, source: source)
    }

    @discardableResult
    public func emptyTrash(source: any PhotoSource) async throws -> TrashEmptying {
        try await TrashMoves.empty(trashSteps, source: source)
    }

    /// Everything in the trash, newest first (a file trashed as part of another is listed with
    /// it, not on its own).
    public func trashItems(sight: Sight) async throws -> [TrashItem] {
        let seen = GroupSQL.leavingOut(try await core.hiding(sight), privateTo: "p.privateTo", from: ("""
            FROM trash t JOIN photo p ON p.id = t.photoId
            WHERE t.pending = 0 AND (t.partOf IS NULL OR NOT EXISTS (SELECT 1 FROM trash o WHERE o.id = t.partOf))
            """, []))
        return try await core.database.read { db in
            try await db.rows("""
                SELECT t.id, t.key, p.sha256, p.rotation, t.trashedAt \(seen.sql)
                ORDER BY t.trashedAt DESC, t.id DESC
                """, seen.arguments).map {
                TrashItem(id: try $0.int("id"), key: try $0.string("key"), sha256: try $0.string("sha256"), trashedAt: try $0.int("trashedAt"),
                          rotation: Rotation(column: Int(try $0.int("rotation"))))
            }
        }
    }

    /// Hashes of the pictures whose every file is in the trash, kept per catalog version since
    /// every thumbnail request asks.
    public func contentOnlyInTrash() async throws -> Set<String> {
        let database = core.database
        return try await core.onlyInTrashCache.value(at: core.version) {
            try await database.read { db in
                Set(try await db.strings("""
                    SELECT DISTINCT p.sha256 FROM trash t JOIN photo p ON p.id = t.photoId
                    WHERE NOT EXISTS (SELECT 1 FROM file f WHERE f.photoId = p.id)
                    """))
            }
        }
    }

    /// The trash key of a trashed copy of a picture, for thumbnails on the trash page.
    public func trashKey(forContent sha256: String) async throws -> String? {
        try await core.database.read { db in
            try await db.string("SELECT t.trashPath FROM trash t JOIN photo p ON p.id = t.photoId WHERE p.sha256 = ? LIMIT 1", [sha256])
        }
    }
}

/// The trash's steps (`TrashSteps`) in both catalogs, each its own transaction. `pending` is 1
/// for a delete under way, 2 for a restore, 3 for an emptying; a row records when its move began
/// (`pendingSince`), so a start settles only moves older than the catalog's `trashMoveGrace`.
struct SQLTrashSteps: TrashSteps {
    let core: CatalogCore
    let bookkeeping: any ScanBookkeeping

    var logger: Logger { core.logger }

    /// The columns of a trash row as the moves need it (`TrashRow`).
    static let trashRowColumns = "id, photoId, key, trashPath, pending"

    /// A trash row read with `trashRowColumns`.
    static func trashRow(_ row: SQLRow) throws -> TrashRow {
        TrashRow(id: try row.int("id"), photoId: try row.int("photoId"), key: try row.string("key"),
                 trashPath: try row.string("trashPath"), pending: Int(try row.int("pending")))
    }

    func companionKeys(of key: String) async throws -> [String] {
        try await core.database.read { db in
            try await db.strings("SELECT c.key FROM file c JOIN file o ON o.id = c.pairedTo WHERE o.key = ? ORDER BY c.key", [key])
        }
    }

    func beginTrash(key: String, partOf: Int64? = nil) async throws -> (id: Int64, trashKey: String) {
        let stamp = Int64(Date().timeIntervalSince1970)
        let trashKey = "\(stamp)-\(UUID().uuidString.prefix(8))/\(key)"
        return try await core.database.write { db in
            guard let file = try await db.row("SELECT photoId, size, mtimeNs FROM file WHERE key = ?", [key]) else {
                let trashed = try await db.exists("SELECT 1 FROM trash WHERE key = ?", [key])
                throw trashed ? CurationError.alreadyInTrash(key) : CurationError.unknownPhoto
            }
            let (photoId, size, mtimeNs) = (try file.int("photoId"), try file.int("size"), try file.int("mtimeNs"))
            let id = try await db.insertedId("""
                INSERT INTO trash (photoId, key, trashPath, size, mtimeNs, trashedAt, pending, partOf, pendingSince)
                VALUES (?, ?, ?, ?, ?, ?, 1, CAST(? AS BIGINT), ?)
                RETURNING id
                """, [photoId, key, trashKey, size, mtimeNs, stamp, partOf, stamp])
            return (id, trashKey)
        }
    }

    func finishTrash(trashId: Int64, key: String) async throws {
        try await core.database.write { db in
            try await db.execute("DELETE FROM file WHERE key = ?", [key])
            try await db.execute("UPDATE trash SET pending = 0 WHERE id = ?", [trashId])
        }
        core.changed()
    }

    func unfinishedTrashRows() async throws -> [TrashRow] {
        // Only moves older than any move takes: with several instances, a younger one may be
        // another instance's, still going.
        let before = Int64(Date().timeIntervalSince1970) - Int64(core.trashMoveGrace.components.seconds)
        return try await core.database.read { db in
            try await db.rows("SELECT \(Self.trashRowColumns) FROM trash WHERE pending != 0 AND COALESCE(pendingSince, 0) <= ? ORDER BY id",
                              [before]).map(Self.trashRow)
        }
    }

    func settledTrashRow(id: Int64) async throws -> TrashRow? {
        try await core.database.read { db in
            try await db.row("SELECT \(Self.trashRowColumns) FROM trash WHERE id = ? AND pending = 0", [id]).map(Self.trashRow)
        }
    }

    func partIds(of trashId: Int64) async throws -> [Int64] {
        try await core.database.read { db in try await db.ints("SELECT id FROM trash WHERE partOf = ? AND pending = 0 ORDER BY id", [trashId]) }
    }

    func detachPart(_ id: Int64) async throws {
        try await core.database.write { db in try await db.execute("UPDATE trash SET partOf = NULL WHERE id = ?", [id]) }
    }

    func settleTrashRow(_ id: Int64) async throws {
        try await core.database.write { db in try await db.execute("UPDATE trash SET pending = 0 WHERE id = ?", [id]) }
    }

    func trashChanged() { core.changed() }

    func beginEmptying() async throws -> [TrashRow] {
        try await core.database.write { db in
            try await db.execute("UPDATE trash SET pending = 3, pendingSince = ? WHERE pending = 0", [Int64(Date().timeIntervalSince1970)])
            return try await db.rows("SELECT \(Self.trashRowColumns) FROM trash WHERE pending = 3 ORDER BY id").map(Self.trashRow)
        }
    }

    func beginRestore(trashId: Int64) async throws -> TrashRow? {
        try await core.database.write { db in
            try await db.row("UPDATE trash SET pending = 2, pendingSince = ? WHERE id = ? AND pending = 0 RETURNING \(Self.trashRowColumns)",
                             [Int64(Date().timeIntervalSince1970), trashId])
                .map(Self.trashRow)
        }
    }

    /// Rows of moves that have not finished: none, once `recoverTrashMoves` has run.
    func pendingTrashCount() async throws -> Int {
        try await core.database.read { db in Int(try await db.int("SELECT COUNT(*) FROM trash WHERE pending != 0") ?? 0) }
    }

    func deleteTrashRow(_ id: Int64) async throws {
        try await core.database.write { db in try await db.execute("DELETE FROM trash WHERE id = ?", [id]) }
    }
}
