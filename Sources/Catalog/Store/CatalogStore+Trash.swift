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

extension TrashRow: FetchableRecord {}

/// The trash's moves (`TrashMoves`), their steps in SQLite. `pending` is 1 for a delete under
/// way, 2 for a restore, 3 for an emptying.
extension CatalogStore: TrashSteps {
    public func moveToTrash(key: String, source: any PhotoSource) async throws {
        try await TrashMoves.moveToTrash(self, key: key, source: source)
    }

    @discardableResult
    public func recoverTrashMoves(source: any PhotoSource) async throws -> Int {
        try await TrashMoves.recover(self, source: source)
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
            try String.fetchAll(db, sql: "SELECT c.key FROM file c JOIN file o ON o.id = c.pairedTo WHERE o.key = ? ORDER BY c.key",
                                arguments: [key])
        }
    }

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

    func finishTrash(trashId: Int64, key: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM file WHERE key = ?", arguments: [key])
            try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [trashId])
        }
        bumpVersion()
    }

    func unfinishedTrashRows() async throws -> [TrashRow] {
        try await read { db in
            try TrashRow.fetchAll(db, sql: "SELECT id, photoId, key, trashPath, pending FROM trash WHERE pending != 0")
        }
    }

    func settledTrashRow(id: Int64) async throws -> TrashRow? {
        try await read { db in
            try TrashRow.fetchOne(db, sql: "SELECT id, photoId, key, trashPath, pending FROM trash WHERE id = ? AND pending = 0", arguments: [id])
        }
    }

    func partIds(of trashId: Int64) async throws -> [Int64] {
        try await read { db in try Int64.fetchAll(db, sql: "SELECT id FROM trash WHERE partOf = ? AND pending = 0", arguments: [trashId]) }
    }

    func detachPart(_ id: Int64) async throws {
        try await write { db in try db.execute(sql: "UPDATE trash SET partOf = NULL WHERE id = ?", arguments: [id]) }
    }

    func settleTrashRow(_ id: Int64) async throws {
        try await write { db in try db.execute(sql: "UPDATE trash SET pending = 0 WHERE id = ?", arguments: [id]) }
    }

    func trashChanged() { bumpVersion() }

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

    func beginEmptying() async throws -> [TrashRow] {
        try await write { db in
            try db.execute(sql: "UPDATE trash SET pending = 3 WHERE pending = 0")
            return try TrashRow.fetchAll(db, sql: "SELECT id, photoId, key, trashPath, pending FROM trash WHERE pending = 3")
        }
    }

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

    func deleteTrashRow(_ id: Int64) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [id]) }
    }
}
