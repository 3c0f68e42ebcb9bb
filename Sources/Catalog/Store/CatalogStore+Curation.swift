import Foundation
import GRDB
import Imaging

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

    /// Sets the household's caption of a photo; the search index follows by trigger.
    public func setCaption(photoId: Int64, _ text: String) async throws {
        let clean = CaptionText.clean(text)
        try await write { db in
            try db.execute(sql: "UPDATE photo SET caption = ? WHERE id = ?", arguments: [clean, photoId])
            guard db.changesCount > 0 else { throw CurationError.unknownPhoto }
        }
        bumpVersion()
    }

    /// Turns a photo a quarter further, clockwise or not; its shown width and height trade places.
    @discardableResult
    public func rotate(photoId: Int64, clockwise: Bool) async throws -> Rotation {
        let turned = try await write { db -> Rotation in
            guard let now = try Int.fetchOne(db, sql: "SELECT rotation FROM photo WHERE id = ?", arguments: [photoId]) else {
                throw CurationError.unknownPhoto
            }
            let turned = Rotation(column: now).turned(clockwise: clockwise)
            try db.execute(sql: "UPDATE photo SET rotation = ?, width = height, height = width WHERE id = ?",
                           arguments: [turned.rawValue, photoId])
            return turned
        }
        bumpVersion()
        return turned
    }

    /// Marks or unmarks many favorites of one viewer in one transaction; returns how many changed.
    public func setFavorite(photoIds: [Int64], viewer: Viewer, _ favorite: Bool) async throws -> Int {
        let userId = viewer.favoritesUserId
        let now = Int64(Date().timeIntervalSince1970)
        let changed = try await write { db in try Self.setFavorites(db, userId: userId, photoIds: Array(Set(photoIds)), favorite, now: now) }
        if changed > 0 { bumpVersion() }
        return changed
    }

    /// Marks or unmarks these photos as favorites of `userId` inside a transaction; counts the changes.
    static func setFavorites(_ db: Database, userId: Int64, photoIds: [Int64], _ favorite: Bool, now: Int64) throws -> Int {
        var changed = 0
        for id in photoIds {
            if favorite {
                try db.execute(sql: "INSERT OR IGNORE INTO favorite (userId, photoId, createdAt) SELECT ?, id, ? FROM photo WHERE id = ?",
                               arguments: [userId, now, id])
            } else {
                try db.execute(sql: "DELETE FROM favorite WHERE userId = ? AND photoId = ?", arguments: [userId, id])
            }
            changed += db.changesCount
        }
        return changed
    }

    /// Gives many photos the same stars in one transaction; returns how many had other stars.
    public func setRating(photoIds: [Int64], _ rating: Int) async throws -> Int {
        guard (0...5).contains(rating) else { throw CurationError.invalidRating(String(rating)) }
        let changed = try await write { db in
            var changed = 0
            for chunk in Self.chunks(Array(Set(photoIds))) {
                // Stars the household set win over those a file carries, even when equal.
                try db.execute(sql: """
                    UPDATE photo SET rating = ?, ratingSetByUser = 1 WHERE id IN (\(Self.marks(chunk.count))) AND rating != ?
                    """, arguments: [rating] + StatementArguments(chunk) + [rating])
                changed += db.changesCount
                try db.execute(sql: "UPDATE photo SET ratingSetByUser = 1 WHERE id IN (\(Self.marks(chunk.count)))", arguments: StatementArguments(chunk))
            }
            return changed
        }
        bumpVersion()
        return changed
    }

    /// Adds tags to many photos in one transaction; returns how many photos gained a tag.
    public func addTags(photoIds: [Int64], _ names: [String]) async throws -> Int {
        let changed = try await write { db in
            var gained = Set<Int64>()
            for name in names {
                try db.execute(sql: "INSERT OR IGNORE INTO tag (name) VALUES (?)", arguments: [name])
                let tagId = try Int64.fetchOne(db, sql: "SELECT id FROM tag WHERE name = ?", arguments: [name])!
                for id in Set(photoIds) {
                    try db.execute(sql: "INSERT OR IGNORE INTO photoTag (photoId, tagId) SELECT id, ? FROM photo WHERE id = ?", arguments: [tagId, id])
                    if db.changesCount > 0 { gained.insert(id) }
                    try db.execute(sql: "DELETE FROM removedTag WHERE photoId = ? AND name = ?", arguments: [id, name])
                }
            }
            try db.execute(sql: "DELETE FROM tag WHERE NOT EXISTS (SELECT 1 FROM photoTag WHERE tagId = tag.id)")
            return gained.count
        }
        if changed > 0 { bumpVersion() }
        return changed
    }

    /// Removes a tag from many photos in one transaction; returns how many carried it.
    public func removeTag(photoIds: [Int64], _ name: String) async throws -> Int {
        let changed = try await write { db in
            var removed = 0
            for id in Set(photoIds) {
                try db.execute(sql: "DELETE FROM photoTag WHERE photoId = ? AND tagId = (SELECT id FROM tag WHERE name = ?)", arguments: [id, name])
                removed += db.changesCount
                try db.execute(sql: "INSERT OR IGNORE INTO removedTag (photoId, name) SELECT id, ? FROM photo WHERE id = ?", arguments: [name, id])
            }
            try db.execute(sql: "DELETE FROM tag WHERE NOT EXISTS (SELECT 1 FROM photoTag WHERE tagId = tag.id)")
            return removed
        }
        if changed > 0 { bumpVersion() }
        return changed
    }

    /// The ids of every file `group` shows, in `sort`'s order.
    public func fileIds(in group: PhotoGroup, sort: PhotoSort) async throws -> [Int64] {
        let filter = group.filter
        let direction = sort.descending ? "DESC" : "ASC"
        return try await read { db in
            try Int64.fetchAll(db, sql: "SELECT f.id \(filter.sql) ORDER BY \(sort.field.column) \(direction), f.id \(direction)",
                               arguments: filter.arguments)
        }
    }

    /// The files with these ids, in the order asked; unknown ids are left out.
    public func files(ids: [Int64]) async throws -> [FileRef] {
        let found = try await read { db in
            var found: [Int64: FileRef] = [:]
            for chunk in Self.chunks(ids) {
                for row in try Row.fetchAll(db, sql: "SELECT id, photoId, key, size FROM file WHERE id IN (\(Self.marks(chunk.count)))",
                                            arguments: StatementArguments(chunk)) {
                    found[row["id"]] = FileRef(id: row["id"], photoId: row["photoId"], key: row["key"], size: row["size"])
                }
            }
            return found
        }
        var seen = Set<Int64>()
        return ids.compactMap { id in seen.insert(id).inserted ? found[id] : nil }
    }

    /// The same files, each followed by the files that belong to it (a Live Photo's clip, its
    /// RAW), by key.
    public func withCompanions(_ files: [FileRef]) async throws -> [FileRef] {
        let companions = try await read { db in
            var found: [Int64: [FileRef]] = [:]
            for chunk in Self.chunks(files.map(\.id)) {
                for row in try Row.fetchAll(db, sql: """
                    SELECT id, photoId, key, size, pairedTo FROM file WHERE pairedTo IN (\(Self.marks(chunk.count))) ORDER BY key
                    """, arguments: StatementArguments(chunk)) {
                    found[row["pairedTo"], default: []].append(FileRef(id: row["id"], photoId: row["photoId"], key: row["key"], size: row["size"]))
                }
            }
            return found
        }
        return files.flatMap { [$0] + (companions[$0.id] ?? []) }
    }

    /// Photos by the month their camera dated them, newest first, and how many have no such date.
    /// One pass over the photos (a photo counts when a file of it is listed, as in `.all`).
    public func timeline() async throws -> (months: [TimelineMonth], undated: Int) {
        try await read { db in
            var months: [TimelineMonth] = []
            var undated = 0
            for row in try Row.fetchAll(db, sql: """
                SELECT CAST(strftime('%Y%m', p.takenAt, 'unixepoch') AS INTEGER) AS yearMonth, COUNT(*) AS n FROM photo p
                WHERE EXISTS (SELECT 1 FROM file WHERE photoId = p.id AND pairedTo IS NULL)
                GROUP BY yearMonth ORDER BY yearMonth DESC
                """) {
                if let yearMonth: Int = row["yearMonth"] {
                    months.append(TimelineMonth(year: yearMonth / 100, month: yearMonth % 100, count: row["n"]))
                } else {
                    undated += row["n"]
                }
            }
            return (months, undated)
        }
    }

    /// Photos whose camera date falls on this month and day in an earlier year, newest first.
    /// The dates are matched in the photo table first, so only those photos' files are read.
    public func onThisDay(month: Int, day: Int, before year: Int, limit: Int) async throws -> [(card: PhotoCard, year: Int)] {
        let all = PhotoGroup.all.filter
        let monthDay = String(format: "%02d-%02d", month, day)
        return try await read { db in
            try Row.fetchAll(db, sql: """
                \(CardRecord.columns), CAST(strftime('%Y', p.takenAt, 'unixepoch') AS INTEGER) AS year
                \(all.sql) AND p.id IN (SELECT id FROM photo WHERE takenAt IS NOT NULL AND strftime('%m-%d', takenAt, 'unixepoch') = ?
                                         AND CAST(strftime('%Y', takenAt, 'unixepoch') AS INTEGER) < ?)
                ORDER BY p.takenAt DESC LIMIT ?
                """, arguments: all.arguments + [monthDay, year, limit]).map { (CardRecord(row: $0).card, $0["year"]) }
        }
    }

    /// Lists of at most 500 values, for `IN (...)` lists within SQLite's parameter limit.
    static func chunks(_ ids: [Int64]) -> [[Int64]] {
        stride(from: 0, to: ids.count, by: 500).map { Array(ids[$0..<min($0 + 500, ids.count)]) }
    }

    static func marks(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ",") }

    /// Every tag in use, with how many visible photos carry it.
    public func tagCounts() async throws -> [TagCount] {
        // Read at the version before the query, so a change during it makes the next call recount.
        try await tagCountsCache.value(at: version, computing: { [self] in
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

    /// A cover for a group: its most recently taken photo.
    public func cover(_ group: PhotoGroup) async throws -> Picture? {
        let filter = group.filter
        return try await read { db in
            try Row.fetchOne(db, sql: "SELECT p.sha256, p.rotation \(filter.sql) ORDER BY f.sortTaken DESC LIMIT 1", arguments: filter.arguments)
                .flatMap { Picture($0, sha256: "sha256", rotation: "rotation") }
        }
    }

    /// Whether the file at `key` is shown in `group` (share links admit only their own photos),
    /// or belongs to one that is (a Live Photo's clip, a RAW: part of the shot the group shows).
    public func group(_ group: PhotoGroup, containsKey key: String) async throws -> Bool {
        let filter = group.filter
        return try await read { db in
            let shows = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 \(filter.sql) AND f.key = ?)")
            if try Bool.fetchOne(shows, arguments: filter.arguments + [key]) == true { return true }
            guard let owner = try String.fetchOne(db.cachedStatement(sql: "SELECT o.key FROM file c JOIN file o ON o.id = c.pairedTo WHERE c.key = ?"),
                                                  arguments: [key]) else { return false }
            return try Bool.fetchOne(shows, arguments: filter.arguments + [owner]) ?? false
        }
    }

    /// Whether a photo with these bytes is shown in `group` (for thumbnails and playable
    /// renditions, which are named by hash), or belongs to a file that is.
    public func group(_ group: PhotoGroup, containsSha256 sha256: String) async throws -> Bool {
        let filter = group.filter
        return try await read { db in
            if try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 \(filter.sql) AND p.sha256 = ?)"),
                                 arguments: filter.arguments + [sha256]) == true { return true }
            let owners = try Int64.fetchAll(db.cachedStatement(sql: """
                SELECT c.pairedTo FROM file c JOIN photo cp ON cp.id = c.photoId WHERE cp.sha256 = ? AND c.pairedTo IS NOT NULL LIMIT 20
                """), arguments: [sha256])
            let shows = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 \(filter.sql) AND f.id = ?)")
            return try owners.contains { try Bool.fetchOne(shows, arguments: filter.arguments + [$0]) == true }
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
