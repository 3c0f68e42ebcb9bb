import Foundation
import GRDB

/// Undo in the GRDB catalog: steps are JSON in the `undo` table, keyed by a token's hash.
extension CatalogStore: UndoStore {
    public func undoStep(before aspect: UndoAspect, photoIds: [Int64]) async throws -> UndoStep {
        let ids = Array(Set(photoIds)).sorted()
        return try await read { db in
            switch aspect {
            case .favorites(let viewer, let becoming):
                let userId = viewer.favoritesUserId
                var marked = Set<Int64>()
                for chunk in Self.chunks(ids) {
                    marked.formUnion(try Int64.fetchAll(db, sql: "SELECT photoId FROM favorite WHERE userId = ? AND photoId IN (\(Self.marks(chunk.count)))",
                                                        arguments: [userId] + StatementArguments(chunk)))
                }
                // The photos the action will change go back to how they were.
                return .favorites(userId: userId, photoIds: ids.filter { marked.contains($0) != becoming }, on: !becoming)
            case .ratings:
                var states: [UndoStep.RatingState] = []
                for chunk in Self.chunks(ids) {
                    states += try Row.fetchAll(db, sql: "SELECT id, rating, ratingSetByUser FROM photo WHERE id IN (\(Self.marks(chunk.count)))",
                                               arguments: StatementArguments(chunk))
                        .map { UndoStep.RatingState(photoId: $0["id"], rating: $0["rating"], setByUser: $0["ratingSetByUser"]) }
                }
                return .ratings(states)
            case .tags(let names):
                return .tags(try names.map { name in
                    var carried: [Int64: Bool] = [:]
                    var removed = Set<Int64>()
                    for chunk in Self.chunks(ids) {
                        for row in try Row.fetchAll(db, sql: """
                            SELECT pt.photoId, pt.fromFile FROM photoTag pt JOIN tag t ON t.id = pt.tagId
                            WHERE t.name = ? AND pt.photoId IN (\(Self.marks(chunk.count)))
                            """, arguments: [name] + StatementArguments(chunk)) {
                            carried[row["photoId"]] = row["fromFile"]
                        }
                        removed.formUnion(try Int64.fetchAll(db, sql: "SELECT photoId FROM removedTag WHERE name = ? AND photoId IN (\(Self.marks(chunk.count)))",
                                                             arguments: [name] + StatementArguments(chunk)))
                    }
                    return UndoStep.TagSnapshot(name: name, states: ids.map {
                        UndoStep.TagState(photoId: $0, fromFile: carried[$0], removed: removed.contains($0))
                    })
                })
            case .album(let albumId):
                var rows: [Int64: (Int64, Int64)] = [:]
                for chunk in Self.chunks(ids) {
                    for row in try Row.fetchAll(db, sql: "SELECT photoId, position, addedAt FROM albumPhoto WHERE albumId = ? AND photoId IN (\(Self.marks(chunk.count)))",
                                                arguments: [albumId] + StatementArguments(chunk)) {
                        rows[row["photoId"]] = (row["position"], row["addedAt"])
                    }
                }
                return .album(id: albumId, ids.map { UndoStep.AlbumState(photoId: $0, position: rows[$0]?.0, addedAt: rows[$0]?.1) })
            }
        }
    }

    @discardableResult
    public func apply(_ step: UndoStep) async throws -> Int {
        let changed = try await write { db -> Int in
            var changed = 0
            switch step {
            case .favorites(let userId, let photoIds, let on):
                changed = try Self.setFavorites(db, userId: userId, photoIds: photoIds, on, now: Int64(Date().timeIntervalSince1970))
            case .ratings(let states):
                for state in states {
                    try db.execute(sql: "UPDATE photo SET rating = ?, ratingSetByUser = ? WHERE id = ? AND (rating != ? OR ratingSetByUser != ?)",
                                   arguments: [state.rating, state.setByUser, state.photoId, state.rating, state.setByUser])
                    changed += db.changesCount
                }
            case .tags(let snapshots):
                var touched = Set<Int64>()
                for snapshot in snapshots {
                    try db.execute(sql: "INSERT OR IGNORE INTO tag (name) VALUES (?)", arguments: [snapshot.name])
                    let tagId = try Int64.fetchOne(db, sql: "SELECT id FROM tag WHERE name = ?", arguments: [snapshot.name])!
                    for state in snapshot.states {
                        if let fromFile = state.fromFile {
                            try db.execute(sql: "INSERT OR IGNORE INTO photoTag (photoId, tagId, fromFile) SELECT id, ?, ? FROM photo WHERE id = ?",
                                           arguments: [tagId, fromFile, state.photoId])
                        } else {
                            try db.execute(sql: "DELETE FROM photoTag WHERE photoId = ? AND tagId = ?", arguments: [state.photoId, tagId])
                        }
                        if db.changesCount > 0 { touched.insert(state.photoId) }
                        if state.removed {
                            try db.execute(sql: "INSERT OR IGNORE INTO removedTag (photoId, name) SELECT id, ? FROM photo WHERE id = ?",
                                           arguments: [snapshot.name, state.photoId])
                        } else {
                            try db.execute(sql: "DELETE FROM removedTag WHERE photoId = ? AND name = ?", arguments: [state.photoId, snapshot.name])
                        }
                    }
                }
                try db.execute(sql: "DELETE FROM tag WHERE NOT EXISTS (SELECT 1 FROM photoTag WHERE tagId = tag.id)")
                changed = touched.count
            case .album(let albumId, let states):
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM album WHERE id = ?)", arguments: [albumId]) == true else {
                    throw AlbumError.unknownAlbum
                }
                for state in states {
                    if let position = state.position {
                        try db.execute(sql: """
                            INSERT OR IGNORE INTO albumPhoto (albumId, photoId, position, addedAt) SELECT ?, id, ?, ? FROM photo WHERE id = ?
                            """, arguments: [albumId, position, state.addedAt ?? 0, state.photoId])
                    } else {
                        try db.execute(sql: "DELETE FROM albumPhoto WHERE albumId = ? AND photoId = ?", arguments: [albumId, state.photoId])
                    }
                    changed += db.changesCount
                }
            case .trash:
                break  // the files move back through the source: TrashStore.restore
            }
            return changed
        }
        if changed > 0 { bumpVersion() }
        return changed
    }

    public func keepUndo(_ record: UndoRecord, tokenHash: String) async throws {
        let payload = String(decoding: try JSONEncoder().encode(record.step), as: UTF8.self)
        let now = Int64(record.createdAt.timeIntervalSince1970)
        try await write { db in
            try db.execute(sql: "DELETE FROM undo WHERE createdAt < ?", arguments: [now - Int64(UndoRecord.lifetime)])
            try db.execute(sql: "INSERT INTO undo (tokenHash, accountId, label, back, step, createdAt) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [tokenHash, record.accountId, record.label, record.back, payload, now])
        }
    }

    public func undo(tokenHash: String, now: Date) async throws -> UndoRecord? {
        try await read { db in try Self.undoRow(db, tokenHash: tokenHash) }.flatMap { UndoRecord.decoded($0, now: now) }
    }

    public func takeUndo(tokenHash: String, now: Date) async throws -> UndoRecord? {
        let found = try await write { db -> UndoRecord.Stored? in
            guard let row = try Self.undoRow(db, tokenHash: tokenHash) else { return nil }
            try db.execute(sql: "DELETE FROM undo WHERE tokenHash = ?", arguments: [tokenHash])
            return row
        }
        return found.flatMap { UndoRecord.decoded($0, now: now) }
    }

    private static func undoRow(_ db: Database, tokenHash: String) throws -> UndoRecord.Stored? {
        try Row.fetchOne(db, sql: "SELECT accountId, label, back, step, createdAt FROM undo WHERE tokenHash = ?", arguments: [tokenHash])
            .map { UndoRecord.Stored(accountId: $0["accountId"], label: $0["label"], back: $0["back"], step: $0["step"], createdAt: $0["createdAt"]) }
    }
}
