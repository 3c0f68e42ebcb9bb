import Foundation
import GRDB

/// Favorites, stars and tags: stored on the photo (content identity), so they survive moves.
extension CatalogStore {
    /// The photo row behind a file key.
    public func photoId(forKey key: String) async throws -> Int64? {
        try await read { db in try Int64.fetchOne(db, sql: "SELECT photoId FROM file WHERE key = ?", arguments: [key]) }
    }

    /// Marks or unmarks a favorite for one viewer; repeating the same request changes nothing.
    public func setFavorite(photoId: Int64, viewer: Viewer, _ favorite: Bool) async throws {
        let userId = viewer.favoritesUserId
        try await write { db in
            if favorite {
                try db.execute(sql: "INSERT OR IGNORE INTO favorite (userId, photoId, createdAt) VALUES (?, ?, ?)",
                               arguments: [userId, photoId, Int64(Date().timeIntervalSince1970)])
            } else {
                try db.execute(sql: "DELETE FROM favorite WHERE userId = ? AND photoId = ?", arguments: [userId, photoId])
            }
        }
        bumpVersion()
    }

    /// Sets the household's stars, 0 (none) to 5.
    public func setRating(photoId: Int64, _ rating: Int) async throws {
        guard (0...5).contains(rating) else { throw CurationError.invalidRating(String(rating)) }
        try await write { db in
            try db.execute(sql: "UPDATE photo SET rating = ?, ratingSetByUser = 1 WHERE id = ?", arguments: [rating, photoId])
        }
        bumpVersion()
    }

    /// Adds tags (already clean names) to a photo.
    public func addTags(photoId: Int64, _ names: [String]) async throws {
        try await write { db in
            for name in names {
                try db.execute(sql: "INSERT OR IGNORE INTO tag (name) VALUES (?)", arguments: [name])
                let tagId = try Int64.fetchOne(db, sql: "SELECT id FROM tag WHERE name = ?", arguments: [name])!
                try db.execute(sql: "INSERT OR IGNORE INTO photoTag (photoId, tagId) VALUES (?, ?)", arguments: [photoId, tagId])
                try db.execute(sql: "DELETE FROM removedTag WHERE photoId = ? AND name = ?", arguments: [photoId, name])
            }
        }
        bumpVersion()
    }

    /// Removes a tag from a photo, and remembers it so a re-import from the file does not bring it back.
    public func removeTag(photoId: Int64, _ name: String) async throws {
        try await write { db in
            try db.execute(sql: """
                DELETE FROM photoTag WHERE photoId = ? AND tagId = (SELECT id FROM tag WHERE name = ?)
                """, arguments: [photoId, name])
            try db.execute(sql: "INSERT OR IGNORE INTO removedTag (photoId, name) VALUES (?, ?)", arguments: [photoId, name])
            try db.execute(sql: "DELETE FROM tag WHERE NOT EXISTS (SELECT 1 FROM photoTag WHERE tagId = tag.id)")
        }
        bumpVersion()
    }

    /// Every tag in use, with how many visible photos carry it.
    public func tagCounts() async throws -> [TagCount] {
        // Read at the version before the query, so a change during it makes the next call recount.
        try await tagCountsCache.value(at: version, computing: {
            try await read { db in
                try Row.fetchAll(db, sql: """
                    SELECT t.name, COUNT(DISTINCT pt.photoId) AS photoCount FROM tag t JOIN photoTag pt ON pt.tagId = t.id
                    WHERE EXISTS (SELECT 1 FROM file WHERE photoId = pt.photoId)
                    GROUP BY t.id ORDER BY t.name COLLATE NOCASE
                    """).map { TagCount(name: $0["name"], count: $0["photoCount"]) }
            }
        })
    }

    /// How many photos a group holds (for cards on the home page).
    public func count(_ group: PhotoGroup) async throws -> Int {
        let filter = group.filter
        return try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) \(filter.sql)", arguments: filter.arguments) ?? 0 }
    }

    /// A cover for a group: its most recently taken photo's hash.
    public func cover(_ group: PhotoGroup) async throws -> String? {
        let filter = group.filter
        return try await read { db in
            try String.fetchOne(db, sql: "SELECT p.sha256 \(filter.sql) ORDER BY f.sortTaken DESC LIMIT 1", arguments: filter.arguments)
        }
    }

    /// Whether the file at `key` is shown in `group` (share links admit only their own photos).
    public func group(_ group: PhotoGroup, containsKey key: String) async throws -> Bool {
        let filter = group.filter
        return try await read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 \(filter.sql) AND f.key = ?)", arguments: filter.arguments + [key]) ?? false
        }
    }

    /// Whether a photo with these bytes is shown in `group` (for thumbnails, which are named by hash).
    public func group(_ group: PhotoGroup, containsSha256 sha256: String) async throws -> Bool {
        let filter = group.filter
        return try await read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 \(filter.sql) AND p.sha256 = ?)", arguments: filter.arguments + [sha256]) ?? false
        }
    }
}

/// A tag and how many photos in the library carry it.
public struct TagCount: Sendable, Equatable {
    public var name: String
    public var count: Int

    /// Creates a count.
    public init(name: String, count: Int) { (self.name, self.count) = (name, count) }
}
