import Foundation
import Imaging

/// Undo, in both catalogs: steps are JSON in the `undo` table, keyed by a token's hash. A step
/// is read in one snapshot and put back in one transaction, a statement for all its photos at a time.
extension UndoStore where Self: SQLCatalog {
    /// The state before an action of `aspect` on these photos, read in one snapshot.
    public func undoStep(before aspect: UndoAspect, photoIds: [Int64]) async throws -> UndoStep {
        let ids = Array(Set(photoIds)).sorted()
        return try await core.database.snapshot { db in
            switch aspect {
            case .favorites(let viewer, let becoming):
                let userId = viewer.favoritesUserId
                let marked = Set(try await db.ints("SELECT photoId FROM favorite WHERE userId = ? AND \(db.dialect.isIn("photoId"))",
                                                   [userId, ids]))
                // The photos the action will change go back to how they were.
                return .favorites(userId: userId, photoIds: ids.filter { marked.contains($0) != becoming }, on: !becoming)
            case .ratings:
                let states = try await db.rows("SELECT id, rating, ratingSetByUser FROM photo WHERE \(db.dialect.isIn("id")) ORDER BY id", [ids])
                    .map { UndoStep.RatingState(photoId: try $0.int("id"), rating: Int(try $0.int("rating")), setByUser: try $0.bool("ratingSetByUser")) }
                return .ratings(states)
            case .tags(let names):
                var snapshots: [UndoStep.TagSnapshot] = []
                for name in names {
                    var carried: [Int64: Bool] = [:]
                    for row in try await db.rows("""
                        SELECT pt.photoId, pt.fromFile FROM photoTag pt JOIN tag t ON t.id = pt.tagId
                        WHERE t.name = \(db.dialect.caseless) AND pt.\(db.dialect.isIn("photoId"))
                        """, [name, ids]) {
                        carried[try row.int("photoId")] = try row.bool("fromFile")
                    }
                    let removed = Set(try await db.ints("SELECT photoId FROM removedTag WHERE name = \(db.dialect.caseless) AND \(db.dialect.isIn("photoId"))",
                                                        [name, ids]))
                    snapshots.append(UndoStep.TagSnapshot(name: name, states: ids.map {
                        UndoStep.TagState(photoId: $0, fromFile: carried[$0], removed: removed.contains($0))
                    }))
                }
                return .tags(snapshots)
            case .album(let albumId):
                var rows: [Int64: (position: Int64, addedAt: Int64)] = [:]
                for row in try await db.rows("SELECT photoId, position, addedAt FROM albumPhoto WHERE albumId = ? AND \(db.dialect.isIn("photoId"))",
                                             [albumId, ids]) {
                    rows[try row.int("photoId")] = (try row.int("position"), try row.int("addedAt"))
                }
                return .album(id: albumId, ids.map { UndoStep.AlbumState(photoId: $0, position: rows[$0]?.position, addedAt: rows[$0]?.addedAt) })
            }
        }
    }

    /// Puts back a step's state in one transaction (a `.trash` step changes nothing here: its
    /// files move back through the source, `TrashStore.restore`); returns how many photos it
    /// changed. Photos gone since are passed over; an album gone since is `AlbumError.unknownAlbum`.
    @discardableResult
    public func apply(_ step: UndoStep) async throws -> Int {
        let now = Int64(Date().timeIntervalSince1970)
        let changed = try await core.database.write { db -> Int in
            switch step {
            case .favorites(let userId, let photoIds, let on):
                return try await CurationRules.setFavorites(db, userId: userId, photoIds: photoIds, on, now: now)
            case .ratings(let states):
                guard !states.isEmpty else { return 0 }
                return try await db.changes("""
                    UPDATE photo SET rating = x.rating, ratingSetByUser = x.byUser
                    FROM \(db.dialect.table("x", ["id", "rating", "byUser"]))
                    WHERE photo.id = x.id AND (photo.rating != x.rating OR photo.ratingSetByUser != x.byUser)
                    """, [SQLTable(states.map { [$0.photoId, Int64($0.rating), $0.setByUser ? 1 : 0] })])
            case .tags(let snapshots):
                var touched = Set<Int64>()
                for snapshot in snapshots {
                    let tagId = try await CurationRules.tagId(db, name: snapshot.name)
                    let carried = snapshot.states.filter { $0.fromFile != nil }
                    if !carried.isEmpty {
                        touched.formUnion(try await db.ints("""
                            INSERT INTO photoTag (photoId, tagId, fromFile)
                            SELECT x.photoId, ?, x.fromFile FROM \(db.dialect.table("x", ["photoId", "fromFile"]))
                            WHERE EXISTS (SELECT 1 FROM photo WHERE id = x.photoId)
                            ON CONFLICT DO NOTHING RETURNING photoId
                            """, [tagId, SQLTable(carried.map { [$0.photoId, $0.fromFile == true ? 1 : 0] })]))
                    }
                    let bare = snapshot.states.filter { $0.fromFile == nil }.map(\.photoId)
                    if !bare.isEmpty {
                        touched.formUnion(try await db.ints("DELETE FROM photoTag WHERE tagId = ? AND \(db.dialect.isIn("photoId")) RETURNING photoId",
                                                            [tagId, bare]))
                    }
                    let removed = snapshot.states.filter(\.removed).map(\.photoId)
                    if !removed.isEmpty {
                        try await db.execute("""
                            INSERT INTO removedTag (photoId, name) SELECT id, ? FROM photo WHERE \(db.dialect.isIn("id"))
                            ON CONFLICT DO NOTHING
                            """, [snapshot.name, removed])
                    }
                    let kept = snapshot.states.filter { !$0.removed }.map(\.photoId)
                    if !kept.isEmpty {
                        try await db.execute("DELETE FROM removedTag WHERE name = \(db.dialect.caseless) AND \(db.dialect.isIn("photoId"))", [snapshot.name, kept])
                    }
                }
                try await CurationRules.forgetUnusedTags(db)
                return touched.count
            case .album(let albumId, let states):
                guard try await db.exists("SELECT 1 FROM album WHERE id = ?", [albumId]) else { throw AlbumError.unknownAlbum }
                var changed = 0
                let placed = states.filter { $0.position != nil }
                if !placed.isEmpty {
                    changed += try await db.rows("""
                        INSERT INTO albumPhoto (albumId, photoId, position, addedAt)
                        SELECT ?, x.photoId, x.position, x.addedAt FROM \(db.dialect.table("x", ["photoId", "position", "addedAt"]))
                        WHERE EXISTS (SELECT 1 FROM photo WHERE id = x.photoId)
                        ON CONFLICT DO NOTHING RETURNING 1
                        """, [albumId, SQLTable(placed.map { [$0.photoId, $0.position ?? 0, $0.addedAt ?? 0] })]).count
                }
                let out = states.filter { $0.position == nil }.map(\.photoId)
                if !out.isEmpty {
                    changed += try await db.changes("DELETE FROM albumPhoto WHERE albumId = ? AND \(db.dialect.isIn("photoId"))", [albumId, out])
                }
                return changed
            case .trash:
                return 0  // the files move back through the source: TrashStore.restore
            }
        }
        if changed > 0 { core.changed() }
        return changed
    }

    /// Keeps an undo under the hash of its token; forgets those older than `UndoRecord.lifetime`.
    public func keepUndo(_ record: UndoRecord, tokenHash: String) async throws {
        let payload = String(decoding: try JSONEncoder().encode(record.step), as: UTF8.self)
        let now = Int64(record.createdAt.timeIntervalSince1970)
        try await core.database.write { db in
            try await db.execute("DELETE FROM undo WHERE createdAt < ?", [now - Int64(UndoRecord.lifetime)])
            try await db.execute("INSERT INTO undo (tokenHash, accountId, label, back, step, createdAt) VALUES (?, CAST(? AS BIGINT), ?, ?, ?, ?)",
                                 [tokenHash, record.accountId, record.label, record.back, payload, now])
        }
    }

    /// The undo kept under this hash, taken away (in the same statement) so it runs once; nil
    /// when unknown or older than `UndoRecord.lifetime`.
    public func undo(tokenHash: String, now: Date) async throws -> UndoRecord? {
        let found = try await core.database.read { db in
            try await db.row("SELECT accountId, label, back, step, createdAt FROM undo WHERE tokenHash = ?", [tokenHash]).map(Self.undoRow)
        }
        return found.flatMap { UndoRecord.decoded($0, now: now) }
    }

    public func takeUndo(tokenHash: String, now: Date) async throws -> UndoRecord? {
        let found = try await core.database.write { db in
            try await db.row("DELETE FROM undo WHERE tokenHash = ? RETURNING accountId, label, back, step, createdAt", [tokenHash]).map(Self.undoRow)
        }
        return found.flatMap { UndoRecord.decoded($0, now: now) }
    }

    fileprivate static func undoRow(_ row: SQLRow) throws -> UndoRecord.Stored {
        UndoRecord.Stored(accountId: try row.optionalInt("accountId"), label: try row.string("label"), back: try row.string("back"),
                          step: try row.string("step"), createdAt: try row.int("createdAt"))
    }
}
