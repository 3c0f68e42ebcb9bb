import Foundation
import GRDB

/// Albums in the GRDB catalog: `album` rows, and `albumPhoto` rows with a position each.
extension CatalogStore: AlbumStore {
    private static let albumSelect = """
        SELECT a.id, a.name, a.description, a.coverPhotoId, a.createdAt, acc.name AS createdBy,
          (SELECT COUNT(*) FROM albumPhoto WHERE albumId = a.id) AS photoCount,
          cp.sha256 AS coverSha256, cp.rotation AS coverRotation
        FROM album a LEFT JOIN account acc ON acc.id = a.createdBy
        LEFT JOIN photo cp ON cp.id = COALESCE(a.coverPhotoId,
          (SELECT photoId FROM albumPhoto WHERE albumId = a.id ORDER BY position LIMIT 1))
        """

    private static func album(_ row: Row) -> Album {
        Album(id: row["id"], name: row["name"], description: row["description"], cover: Picture(row, sha256: "coverSha256", rotation: "coverRotation"), coverPhotoId: row["coverPhotoId"], photoCount: row["photoCount"], createdBy: row["createdBy"], createdAt: row["createdAt"])
    }

    public func albums() async throws -> [Album] {
        try await read { db in try Row.fetchAll(db, sql: "\(Self.albumSelect) ORDER BY a.name COLLATE NOCASE").map(Self.album) }
    }

    public func album(id: Int64) async throws -> Album? {
        try await read { db in try Row.fetchOne(db, sql: "\(Self.albumSelect) WHERE a.id = ?", arguments: [id]).map(Self.album) }
    }

    public func album(named name: String) async throws -> Album? {
        try await read { db in try Row.fetchOne(db, sql: "\(Self.albumSelect) WHERE a.name = ?", arguments: [name]).map(Self.album) }
    }

    public func albums(containing photoId: Int64) async throws -> [Album] {
        try await read { db in
            try Row.fetchAll(db, sql: "\(Self.albumSelect) WHERE a.id IN (SELECT albumId FROM albumPhoto WHERE photoId = ?) ORDER BY a.name COLLATE NOCASE",
                             arguments: [photoId]).map(Self.album)
        }
    }

    public func createAlbum(name: String, description: String, createdBy accountId: Int64?, now: Date) async throws -> Album {
        guard let clean = AlbumRules.name(name) else { throw AlbumError.invalidName }
        let id = try await write { db -> Int64 in
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM album WHERE name = ?)", arguments: [clean]) == true {
                throw AlbumError.nameTaken(clean)
            }
            try db.execute(sql: "INSERT INTO album (name, description, createdBy, createdAt) VALUES (?, ?, ?, ?)",
                           arguments: [clean, AlbumRules.description(description), accountId, Int64(now.timeIntervalSince1970)])
            return db.lastInsertedRowID
        }
        bumpVersion()
        return try await album(id: id)!
    }

    public func updateAlbum(id: Int64, name: String, description: String) async throws {
        guard let clean = AlbumRules.name(name) else { throw AlbumError.invalidName }
        try await write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM album WHERE id = ?)", arguments: [id]) == true else { throw AlbumError.unknownAlbum }
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM album WHERE name = ? AND id != ?)", arguments: [clean, id]) == true {
                throw AlbumError.nameTaken(clean)
            }
            try db.execute(sql: "UPDATE album SET name = ?, description = ? WHERE id = ?", arguments: [clean, AlbumRules.description(description), id])
        }
        bumpVersion()
    }

    public func deleteAlbum(id: Int64) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM albumPhoto WHERE albumId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM album WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { throw AlbumError.unknownAlbum }
        }
        bumpVersion()
    }

    public func addToAlbum(id: Int64, photoIds: [Int64], now: Date, throughShare shareId: Int64?) async throws -> Int {
        let added = try await write { db -> Int in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM album WHERE id = ?)", arguments: [id]) == true else { throw AlbumError.unknownAlbum }
            var count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM albumPhoto WHERE albumId = ?", arguments: [id]) ?? 0
            var position = (try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM albumPhoto WHERE albumId = ?", arguments: [id]) ?? 0)
            var added = 0
            var seen = Set<Int64>()
            for photoId in photoIds where seen.insert(photoId).inserted {
                guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM albumPhoto WHERE albumId = ? AND photoId = ?) AND EXISTS (SELECT 1 FROM photo WHERE id = ?)",
                                        arguments: [id, photoId, photoId]) == true else { continue }
                guard count < AlbumRules.maxPhotos else { throw AlbumError.full }
                position += 1
                try db.execute(sql: "INSERT INTO albumPhoto (albumId, photoId, position, addedAt, addedByShare) VALUES (?, ?, ?, ?, ?)",
                               arguments: [id, photoId, position, Int64(now.timeIntervalSince1970), shareId])
                count += 1
                added += 1
            }
            return added
        }
        if added > 0 { bumpVersion() }
        return added
    }

    public func photosAddedThroughShares(albumId: Int64) async throws -> Set<String> {
        try await read { db in
            Set(try String.fetchAll(db, sql: """
                SELECT p.sha256 FROM albumPhoto ap JOIN photo p ON p.id = ap.photoId WHERE ap.albumId = ? AND ap.addedByShare IS NOT NULL
                """, arguments: [albumId]))
        }
    }

    public func removeFromAlbum(id: Int64, photoIds: [Int64]) async throws -> Int {
        let removed = try await write { db -> Int in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM album WHERE id = ?)", arguments: [id]) == true else { throw AlbumError.unknownAlbum }
            var removed = 0
            for photoId in Set(photoIds) {
                try db.execute(sql: "DELETE FROM albumPhoto WHERE albumId = ? AND photoId = ?", arguments: [id, photoId])
                removed += db.changesCount
                try db.execute(sql: "UPDATE album SET coverPhotoId = NULL WHERE id = ? AND coverPhotoId = ?", arguments: [id, photoId])
            }
            return removed
        }
        if removed > 0 { bumpVersion() }
        return removed
    }

    public func moveInAlbum(id: Int64, photoId: Int64, _ move: AlbumMove) async throws {
        try await write { db in
            guard let position = try Int64.fetchOne(db, sql: "SELECT position FROM albumPhoto WHERE albumId = ? AND photoId = ?", arguments: [id, photoId]) else {
                throw AlbumError.notInAlbum
            }
            switch move {
            case .top:
                let first = try Int64.fetchOne(db, sql: "SELECT MIN(position) FROM albumPhoto WHERE albumId = ?", arguments: [id]) ?? position
                if first < position {
                    try db.execute(sql: "UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?", arguments: [first - 1, id, photoId])
                }
            case .up, .down:
                let (cmp, dir) = move == .up ? ("<", "DESC") : (">", "ASC")
                guard let other = try Row.fetchOne(db, sql: """
                    SELECT photoId, position FROM albumPhoto WHERE albumId = ? AND position \(cmp) ? ORDER BY position \(dir) LIMIT 1
                    """, arguments: [id, position]) else { return }  // already first or last
                let otherId: Int64 = other["photoId"], otherPosition: Int64 = other["position"]
                try db.execute(sql: "UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?", arguments: [otherPosition, id, photoId])
                try db.execute(sql: "UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?", arguments: [position, id, otherId])
            }
        }
        bumpVersion()
    }

    public func placeInAlbum(id: Int64, photoId: Int64, nextTo otherId: Int64, after: Bool) async throws {
        try await write { db in
            var order = try Int64.fetchAll(db, sql: "SELECT photoId FROM albumPhoto WHERE albumId = ? ORDER BY position, photoId", arguments: [id])
            guard let from = order.firstIndex(of: photoId), order.contains(otherId) else { throw AlbumError.notInAlbum }
            guard photoId != otherId else { return }
            order.remove(at: from)
            let at = order.firstIndex(of: otherId)! + (after ? 1 : 0)
            order.insert(photoId, at: at)
            // Positions are renumbered in the new order, in this one transaction.
            let statement = try db.cachedStatement(sql: "UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?")
            for (position, photo) in order.enumerated() { try statement.execute(arguments: [position, id, photo]) }
        }
        bumpVersion()
    }

    public func setAlbumCover(id: Int64, photoId: Int64?) async throws {
        try await write { db in
            if let photoId {
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM albumPhoto WHERE albumId = ? AND photoId = ?)", arguments: [id, photoId]) == true else {
                    throw AlbumError.notInAlbum
                }
            }
            try db.execute(sql: "UPDATE album SET coverPhotoId = ? WHERE id = ?", arguments: [photoId, id])
            guard db.changesCount > 0 else { throw AlbumError.unknownAlbum }
        }
        bumpVersion()
    }
}
