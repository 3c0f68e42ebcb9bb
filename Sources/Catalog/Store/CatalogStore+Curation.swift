import Foundation
import GRDB
import Imaging

/// What groups hold, for the SQLite catalog: ids, files, the timeline, tag counts, covers and membership.
extension CatalogStore {
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
        try await core.tagCountsCache.value(at: version, computing: { [self] in
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
