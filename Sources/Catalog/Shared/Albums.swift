import Foundation
import Imaging

/// Albums, in both catalogs: `album` rows (names unique without case), and `albumPhoto` rows
/// with a position each.
extension AlbumStore where Self: SQLCatalog {
    /// An album's row with its count, its maker's name and its cover (the chosen one, else the
    /// first photo), counting and showing only what `hiding` lets be seen, and its arguments.
    private static func albumSelect(_ hiding: Hiding) -> (sql: String, arguments: [any SQLArgument]) {
        let seen = hiding.photoCondition("ap.photoId").map { (" AND " + $0.sql, $0.arguments) } ?? ("", [])
        let chosen = hiding.photoCondition("a.coverPhotoId").map { (" AND " + $0.sql, $0.arguments) } ?? ("", [])
        return ("""
            SELECT a.id, CAST(a.name AS TEXT) AS name, a.description, a.coverPhotoId, a.createdAt, CAST(acc.name AS TEXT) AS createdBy,
              a.privateTo, (SELECT COUNT(*) FROM albumPhoto ap WHERE ap.albumId = a.id\(seen.0)) AS photoCount,
              cp.sha256 AS coverSha256, cp.rotation AS coverRotation
            FROM album a LEFT JOIN account acc ON acc.id = a.createdBy
            LEFT JOIN photo cp ON cp.id = COALESCE(CASE WHEN a.coverPhotoId IS NOT NULL\(chosen.0) THEN a.coverPhotoId END,
              (SELECT ap.photoId FROM albumPhoto ap WHERE ap.albumId = a.id\(seen.0) ORDER BY ap.position, ap.photoId LIMIT 1))
            """, seen.1 + chosen.1 + seen.1)
    }

    /// The album a row of `albumSelect` describes.
    private static func album(_ row: SQLRow) throws -> Album {
        let cover = try row.optionalString("coverSha256").map {
            Picture(sha256: $0, rotation: Rotation(column: try row.optionalInt("coverRotation").map { Int($0) }))
        }
        var album = Album(id: try row.int("id"), name: try row.string("name"), description: try row.string("description"), cover: cover,
                          coverPhotoId: try row.optionalInt("coverPhotoId"), photoCount: Int(try row.int("photoCount")),
                          createdBy: try row.optionalString("createdBy"), createdAt: try row.int("createdAt"))
        album.privateTo = try row.optionalInt("privateTo")
        return album
    }

    /// The albums `sight` may see, read with `tail` (a WHERE and ORDER part) and its arguments.
    private func albums(_ sight: Sight, _ tail: String, _ arguments: [any SQLArgument]) async throws -> [Album] {
        let hiding = try await core.hiding(sight)
        let select = Self.albumSelect(hiding)
        return try await core.database.read { db in
            try await db.rows("\(select.sql) \(tail)", select.arguments + arguments).map(Self.album)
        }.filter { !hiding.hides(albumId: $0.id) }
    }

    /// Every album `sight` may see, by name without case.
    public func albums(sight: Sight) async throws -> [Album] {
        try await albums(sight, "ORDER BY a.name\(core.dialect.noCase)", [])
    }

    /// The album with this id, if any and `sight` may see it.
    public func album(id: Int64, sight: Sight) async throws -> Album? {
        try await albums(sight, "WHERE a.id = ?", [id]).first
    }

    /// The album of this name, compared without case, if any (whoever may see it).
    public func album(named name: String) async throws -> Album? {
        try await albums(.everything, "WHERE a.name = \(core.dialect.caseless)", [name]).first
    }

    /// The albums a photo is in that `sight` may see, by name.
    public func albums(containing photoId: Int64, sight: Sight) async throws -> [Album] {
        try await albums(sight, "WHERE a.id IN (SELECT albumId FROM albumPhoto WHERE photoId = ?) ORDER BY a.name\(core.dialect.noCase)", [photoId])
    }

    /// Makes an empty album; throws `AlbumError.invalidName`, or `.nameTaken` when another has
    /// the name without case.
    public func createAlbum(name: String, description: String, createdBy accountId: Int64?, now: Date) async throws -> Album {
        guard let clean = AlbumRules.name(name) else { throw AlbumError.invalidName }
        let id = try await core.database.write { db -> Int64 in
            if try await db.exists("SELECT 1 FROM album WHERE name = \(db.dialect.caseless)", [clean]) { throw AlbumError.nameTaken(clean) }
            return try await db.insertedId("""
                INSERT INTO album (name, description, createdBy, createdAt) VALUES (?, ?, CAST(? AS BIGINT), ?) RETURNING id
                """, [clean, AlbumRules.description(description), accountId, Int64(now.timeIntervalSince1970)])
        }
        core.changed()
        guard let album = try await album(id: id, sight: .everything) else { throw AlbumError.unknownAlbum }
        return album
    }

    /// Renames and redescribes an album; `.nameTaken` when another album has the name.
    public func updateAlbum(id: Int64, name: String, description: String) async throws {
        guard let clean = AlbumRules.name(name) else { throw AlbumError.invalidName }
        try await core.database.write { db in
            guard try await db.exists("SELECT 1 FROM album WHERE id = ?", [id]) else { throw AlbumError.unknownAlbum }
            if try await db.exists("SELECT 1 FROM album WHERE name = \(db.dialect.caseless) AND id != ?", [clean, id]) {
                throw AlbumError.nameTaken(clean)
            }
            try await db.execute("UPDATE album SET name = ?, description = ? WHERE id = ?",
                                 [clean, AlbumRules.description(description), id])
        }
        core.changed()
    }

    /// Removes an album, never its photos.
    public func deleteAlbum(id: Int64) async throws {
        try await core.database.write { db in
            try await db.execute("DELETE FROM albumPhoto WHERE albumId = ?", [id])
            guard try await db.changes("DELETE FROM album WHERE id = ?", [id]) > 0 else { throw AlbumError.unknownAlbum }
        }
        core.changed()
    }

    /// Appends the photos not yet in the album (each once, unknown ids passed over), in the order
    /// given, after its last; `AlbumError.full` (and nothing added) when they would make it hold
    /// more than `AlbumRules.maxPhotos`. Returns how many were added.
    public func addToAlbum(id: Int64, photoIds: [Int64], now: Date, throughShare shareId: Int64?, by accountId: Int64?) async throws -> Int {
        let added = try await core.database.write { db -> Int in
            guard try await db.exists("SELECT 1 FROM album WHERE id = ?", [id]) else { throw AlbumError.unknownAlbum }
            let candidates = Set(try await db.ints("""
                SELECT id FROM photo WHERE \(db.dialect.isIn("id"))
                  AND NOT EXISTS (SELECT 1 FROM albumPhoto WHERE albumId = ? AND photoId = photo.id)
                """, [Array(Set(photoIds)), id]))
            var seen = Set<Int64>()
            let adding = photoIds.filter { candidates.contains($0) && seen.insert($0).inserted }
            guard !adding.isEmpty else { return 0 }
            let count = try await db.int("SELECT COUNT(*) FROM albumPhoto WHERE albumId = ?", [id]) ?? 0
            guard count + Int64(adding.count) <= Int64(AlbumRules.maxPhotos) else { throw AlbumError.full }
            let last = try await db.int("SELECT MAX(position) FROM albumPhoto WHERE albumId = ?", [id]) ?? 0
            // Positions follow the last one, one a photo, in the order given.
            try await db.execute("""
                INSERT INTO albumPhoto (albumId, photoId, position, addedAt, addedByShare, addedBy)
                SELECT ?, x.photoId, ? + x.n, ?, CAST(? AS BIGINT), CAST(? AS BIGINT) FROM \(db.dialect.numbered("x", "photoId"))
                """, [id, last, Int64(now.timeIntervalSince1970), shareId, accountId, adding])
            return adding.count
        }
        if added > 0 { core.changed() }
        return added
    }

    public func albumAdders(albumId: Int64, fileIds: [Int64]) async throws -> [Int64: Uploader] {
        guard !fileIds.isEmpty else { return [:] }
        return try await core.database.read { db in
            var out: [Int64: Uploader] = [:]
            for row in try await db.rows("""
                SELECT f.id, (SELECT CAST(name AS TEXT) FROM account WHERE id = ap.addedBy) AS adder, ap.addedByShare,
                       (SELECT CAST(a.name AS TEXT) FROM shareLink s JOIN account a ON a.id = s.accountId WHERE s.id = ap.addedByShare) AS linkOwner
                FROM file f JOIN albumPhoto ap ON ap.photoId = f.photoId AND ap.albumId = ? WHERE \(db.dialect.isIn("f.id"))
                """, [albumId, fileIds]) {
                let id = try row.int("id")
                if let name = try row.optionalString("adder") {
                    out[id] = .account(name)
                } else if try row.optionalInt("addedByShare") != nil {
                    out[id] = .link(madeBy: try row.optionalString("linkOwner"))
                }
            }
            return out
        }
    }

    public func albumAdder(albumId: Int64, photoId: Int64) async throws -> Uploader? {
        try await core.database.read { db in
            guard let row = try await db.row("""
                SELECT (SELECT name FROM account WHERE id = ap.addedBy) AS adder, ap.addedByShare,
                       (SELECT a.name FROM shareLink s JOIN account a ON a.id = s.accountId WHERE s.id = ap.addedByShare) AS linkOwner
                FROM albumPhoto ap WHERE ap.albumId = ? AND ap.photoId = ?
                """, [albumId, photoId]) else { return nil }
            if let name = try row.optionalString("adder") { return .account(String(name)) }
            if try row.optionalInt("addedByShare") != nil { return .link(madeBy: try row.optionalString("linkOwner")) }
            return nil
        }
    }

    /// The content hashes of the album's photos that a share link's holders added.
    public func photosAddedThroughShares(albumId: Int64) async throws -> Set<String> {
        try await core.database.read { db in
            Set(try await db.strings("""
                SELECT p.sha256 FROM albumPhoto ap JOIN photo p ON p.id = ap.photoId WHERE ap.albumId = ? AND ap.addedByShare IS NOT NULL
                """, [albumId]))
        }
    }

    /// Takes photos out of the album, and their place as its cover; returns how many were in it.
    public func removeFromAlbum(id: Int64, photoIds: [Int64]) async throws -> Int {
        let ids = Array(Set(photoIds))
        let removed = try await core.database.write { db -> Int in
            guard try await db.exists("SELECT 1 FROM album WHERE id = ?", [id]) else { throw AlbumError.unknownAlbum }
            let removed = try await db.changes("DELETE FROM albumPhoto WHERE albumId = ? AND \(db.dialect.isIn("photoId"))", [id, ids])
            try await db.execute("UPDATE album SET coverPhotoId = NULL WHERE id = ? AND \(db.dialect.isIn("coverPhotoId"))", [id, ids])
            return removed
        }
        if removed > 0 { core.changed() }
        return removed
    }

    /// Moves a photo one place up or down (trading places with its neighbour), or to the top.
    public func moveInAlbum(id: Int64, photoId: Int64, _ move: AlbumMove) async throws {
        try await core.database.write { db in
            guard let position = try await db.int("SELECT position FROM albumPhoto WHERE albumId = ? AND photoId = ?", [id, photoId]) else {
                throw AlbumError.notInAlbum
            }
            switch move {
            case .top:
                let first = try await db.int("SELECT MIN(position) FROM albumPhoto WHERE albumId = ?", [id]) ?? position
                if first < position {
                    try await db.execute("UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?", [first - 1, id, photoId])
                }
            case .up, .down:
                let (cmp, dir) = move == .up ? ("<", "DESC") : (">", "ASC")
                guard let other = try await db.row("""
                    SELECT photoId, position FROM albumPhoto WHERE albumId = ? AND position \(cmp) ? ORDER BY position \(dir) LIMIT 1
                    """, [id, position]) else { return }  // already first or last
                let otherId = try other.int("photoId"), otherPosition = try other.int("position")
                try await db.execute("UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?", [otherPosition, id, photoId])
                try await db.execute("UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?", [position, id, otherId])
            }
        }
        core.changed()
    }

    /// Moves a photo to just after (or before) another of the album's photos: where a drag left
    /// it. The album's positions are renumbered in the new order.
    public func placeInAlbum(id: Int64, photoId: Int64, nextTo otherId: Int64, after: Bool) async throws {
        try await core.database.write { db in
            var order = try await db.ints("SELECT photoId FROM albumPhoto WHERE albumId = ? ORDER BY position, photoId", [id])
            guard let from = order.firstIndex(of: photoId), order.contains(otherId) else { throw AlbumError.notInAlbum }
            guard photoId != otherId else { return }
            order.remove(at: from)
            guard let next = order.firstIndex(of: otherId) else { throw AlbumError.notInAlbum }
            order.insert(photoId, at: next + (after ? 1 : 0))
            // Positions from 0 in the new order, in one statement of this one transaction.
            try await db.execute("""
                UPDATE albumPhoto SET position = x.n - 1 FROM \(db.dialect.numbered("x", "photoId"))
                WHERE albumPhoto.albumId = ? AND albumPhoto.photoId = x.photoId
                """, [order, id])
        }
        core.changed()
    }

    /// Chooses the album's cover among its photos (nil: its first photo); `.notInAlbum` for a
    /// photo it does not hold, `.unknownAlbum` for no such album.
    public func setAlbumCover(id: Int64, photoId: Int64?) async throws {
        try await core.database.write { db in
            if let photoId {
                guard try await db.exists("SELECT 1 FROM albumPhoto WHERE albumId = ? AND photoId = ?", [id, photoId]) else {
                    throw AlbumError.notInAlbum
                }
            }
            guard try await db.changes("UPDATE album SET coverPhotoId = CAST(? AS BIGINT) WHERE id = ?", [photoId, id]) > 0 else {
                throw AlbumError.unknownAlbum
            }
        }
        core.changed()
    }
}
