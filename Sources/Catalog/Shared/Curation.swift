import Foundation
import Imaging

/// Favorites, stars, tags, captions and turns, in both catalogs: on the photo (content
/// identity), so they survive moves. Tag names are compared without case. The many-photo
/// versions are one transaction each, with one statement for all the photos.
extension CurationStore where Self: SQLCatalog {
    /// The photo row behind a file key.
    public func photoId(forKey key: String, sight: Sight) async throws -> Int64? {
        let hiding = try await core.hiding(sight)
        let id = try await core.database.read { db in try await db.int("SELECT photoId FROM file WHERE key = ?", [key]) }
        guard let id, !hiding.hides(photoId: id) else { return nil }
        return id
    }

    /// Marks or unmarks a favorite for one viewer; repeating the same request changes nothing.
    public func setFavorite(photoId: Int64, viewer: Viewer, _ favorite: Bool) async throws {
        let userId = viewer.favoritesUserId
        let now = Int64(Date().timeIntervalSince1970)
        try await core.database.write { db in
            if favorite {
                try await db.execute("INSERT INTO favorite (userId, photoId, createdAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                     [userId, photoId, now])
            } else {
                try await db.execute("DELETE FROM favorite WHERE userId = ? AND photoId = ?", [userId, photoId])
            }
        }
        core.changed()
    }

    /// Sets the household's stars, 0 (none) to 5.
    public func setRating(photoId: Int64, _ rating: Int) async throws {
        guard (0...5).contains(rating) else { throw CurationError.invalidRating(String(rating)) }
        try await core.database.write { db in
            try await db.execute("UPDATE photo SET rating = ?, ratingSetByUser = 1 WHERE id = ?", [rating, photoId])
        }
        core.changed()
    }

    /// Adds tags (already clean names) to a photo.
    public func addTags(photoId: Int64, _ names: [String]) async throws {
        try await core.database.write { db in
            for name in names {
                let tagId = try await CurationRules.tagId(db, name: name)
                try await db.execute("INSERT INTO photoTag (photoId, tagId) VALUES (?, ?) ON CONFLICT DO NOTHING", [photoId, tagId])
                try await db.execute("DELETE FROM removedTag WHERE photoId = ? AND name = \(db.dialect.caseless)", [photoId, name])
            }
        }
        core.changed()
    }

    /// Removes a tag from a photo, and remembers it so a re-import from the file does not bring it back.
    public func removeTag(photoId: Int64, _ name: String) async throws {
        try await core.database.write { db in
            try await db.execute("DELETE FROM photoTag WHERE photoId = ? AND tagId = (SELECT id FROM tag WHERE name = \(db.dialect.caseless))",
                                 [photoId, name])
            try await db.execute("INSERT INTO removedTag (photoId, name) VALUES (?, ?) ON CONFLICT DO NOTHING", [photoId, name])
            try await CurationRules.forgetUnusedTags(db)
        }
        core.changed()
    }

    public func recordUploader(keys: [String], account: Int64?, link: Int64?, device: String?, waitingForDisk: Bool) async throws {
        guard !keys.isEmpty, account != nil || link != nil else { return }
        try await core.database.writeBriefly(waitingForDisk: waitingForDisk) { db in
            try await db.execute("""
                UPDATE photo SET addedBy = ?, addedThrough = ?, addedWith = ?
                WHERE id IN (SELECT photoId FROM file WHERE \(db.dialect.isIn("key"))) AND addedBy IS NULL AND addedThrough IS NULL
                """, [account, link, account == nil ? nil : device, keys])
        }
        core.changed()
    }

    /// Sets the household's caption of a photo; the search index follows by trigger.
    public func setCaption(photoId: Int64, _ text: String) async throws {
        let clean = CaptionText.clean(text)
        try await core.database.write { db in
            guard try await db.changes("UPDATE photo SET caption = ? WHERE id = ?", [clean, photoId]) > 0 else {
                throw CurationError.unknownPhoto
            }
        }
        core.changed()
    }

    /// Turns a photo a quarter further, clockwise or not; its shown width and height trade places.
    @discardableResult
    public func rotate(photoId: Int64, clockwise: Bool) async throws -> Rotation {
        let turned = try await core.database.write { db -> Rotation in
            guard let now = try await db.int("SELECT rotation FROM photo WHERE id = ?", [photoId]) else {
                throw CurationError.unknownPhoto
            }
            let turned = Rotation(column: Int(now)).turned(clockwise: clockwise)
            // Every right-hand side reads the row as it was, so width and height trade places.
            try await db.execute("UPDATE photo SET rotation = ?, width = height, height = width WHERE id = ?", [turned.rawValue, photoId])
            return turned
        }
        core.changed()
        return turned
    }

    /// Marks or unmarks many favorites of one viewer in one transaction; returns how many changed.
    public func setFavorite(photoIds: [Int64], viewer: Viewer, _ favorite: Bool) async throws -> Int {
        let userId = viewer.favoritesUserId
        let now = Int64(Date().timeIntervalSince1970)
        let ids = Array(Set(photoIds))
        let changed = try await core.database.write { db in try await CurationRules.setFavorites(db, userId: userId, photoIds: ids, favorite, now: now) }
        if changed > 0 { core.changed() }
        return changed
    }

    /// Gives many photos the same stars in one transaction; returns how many had other stars.
    public func setRating(photoIds: [Int64], _ rating: Int) async throws -> Int {
        guard (0...5).contains(rating) else { throw CurationError.invalidRating(String(rating)) }
        let ids = Array(Set(photoIds))
        let changed = try await core.database.write { db in
            // Stars the household set win over those a file carries, even when equal.
            let changed = try await db.changes("UPDATE photo SET rating = ?, ratingSetByUser = 1 WHERE \(db.dialect.isIn("id")) AND rating != ?",
                                               [rating, ids, rating])
            try await db.execute("UPDATE photo SET ratingSetByUser = 1 WHERE \(db.dialect.isIn("id")) AND ratingSetByUser != 1", [ids])
            return changed
        }
        core.changed()
        return changed
    }

    /// Adds tags to many photos in one transaction; returns how many photos gained a tag.
    public func addTags(photoIds: [Int64], _ names: [String]) async throws -> Int {
        let ids = Array(Set(photoIds))
        let changed = try await core.database.write { db in
            var gained = Set<Int64>()
            for name in names {
                let tagId = try await CurationRules.tagId(db, name: name)
                gained.formUnion(try await db.ints("""
                    INSERT INTO photoTag (photoId, tagId) SELECT id, ? FROM photo WHERE \(db.dialect.isIn("id"))
                    ON CONFLICT DO NOTHING RETURNING photoId
                    """, [tagId, ids]))
                try await db.execute("DELETE FROM removedTag WHERE name = \(db.dialect.caseless) AND \(db.dialect.isIn("photoId"))", [name, ids])
            }
            try await CurationRules.forgetUnusedTags(db)
            return gained.count
        }
        if changed > 0 { core.changed() }
        return changed
    }

    /// Removes a tag from many photos in one transaction; returns how many carried it.
    public func removeTag(photoIds: [Int64], _ name: String) async throws -> Int {
        let ids = Array(Set(photoIds))
        let changed = try await core.database.write { db in
            let removed = try await db.changes("""
                DELETE FROM photoTag WHERE \(db.dialect.isIn("photoId")) AND tagId = (SELECT id FROM tag WHERE name = \(db.dialect.caseless))
                """, [ids, name])
            try await db.execute("""
                INSERT INTO removedTag (photoId, name) SELECT id, ? FROM photo WHERE \(db.dialect.isIn("id")) ON CONFLICT DO NOTHING
                """, [name, ids])
            try await CurationRules.forgetUnusedTags(db)
            return removed
        }
        if changed > 0 { core.changed() }
        return changed
    }
}

/// Curation steps that undo and the scan share with the curation store.
enum CurationRules {
    /// Marks or unmarks these photos as favorites of `userId` inside a transaction; counts the
    /// changes. Ids of photos that do not exist are passed over.
    static func setFavorites(_ db: any SQLSession, userId: Int64, photoIds: [Int64], _ favorite: Bool, now: Int64) async throws -> Int {
        guard !photoIds.isEmpty else { return 0 }
        if favorite {
            return try await db.rows("""
                INSERT INTO favorite (userId, photoId, createdAt) SELECT ?, id, ? FROM photo WHERE \(db.dialect.isIn("id"))
                ON CONFLICT DO NOTHING RETURNING 1
                """, [userId, now, photoIds]).count
        }
        return try await db.changes("DELETE FROM favorite WHERE userId = ? AND \(db.dialect.isIn("photoId"))", [userId, photoIds])
    }

    /// The id of the tag with this name (compared without case), made when there is none.
    static func tagId(_ db: any SQLSession, name: String) async throws -> Int64 {
        try await db.execute("INSERT INTO tag (name) VALUES (?) ON CONFLICT DO NOTHING", [name])
        guard let id = try await db.int("SELECT id FROM tag WHERE name = \(db.dialect.caseless)", [name]) else {
            throw SQLCatalogError(description: "no tag row for \(name)")
        }
        return id
    }

    /// Forgets tags no photo carries any more.
    static func forgetUnusedTags(_ db: any SQLSession) async throws {
        try await db.execute("DELETE FROM tag WHERE NOT EXISTS (SELECT 1 FROM photoTag WHERE tagId = tag.id)")
    }
}
