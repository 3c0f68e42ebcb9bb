import Foundation
import GRDB
import Imaging

/// How the SQLite catalog writes a scan's batch: hand-tuned statements compiled once (the
/// look-ups and small writes are shared: `Catalog/Shared/ScanLookups`).
extension CatalogStore {
    /// Writes a batch of analysed files in one transaction; unless `durable`, without waiting for the disk.
    public func apply(_ batch: [FileAnalysis], now: Date, newKeys: Bool, durable: Bool) async throws {
        guard !batch.isEmpty else { return }
        try await write(waitingForDisk: durable) { db in try self.writeRows(batch, now: now, newKeys: newKeys, db) }
        bumpVersion()
    }

    private func writeRows(_ batch: [FileAnalysis], now: Date, newKeys: Bool, _ db: Database) throws {
        var written: [Int64] = []
        written.reserveCapacity(batch.count)
        for item in batch {
            switch item {
            case .known(let entry, let photoId):
                written.append(try upsertFile(db, entry: entry, photoId: photoId, newKey: newKeys))
            case .new(let entry, let identity, let probe):
                // The new row's id, or the row's that was there (and, unless marked to be probed again, stays as it was).
                var insert = try BoundStatement(db, sql: """
                    INSERT INTO photo (sha256, size, format, width, height, orientation, takenAt, cameraMake, cameraModel, addedAt,
                                       kind, durationMs, videoCodec, audioCodec, motionLength, latitude, longitude, takenSource, takenOffset)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (sha256, size) DO UPDATE SET format = excluded.format, width = excluded.width, height = excluded.height,
                      orientation = excluded.orientation, takenAt = excluded.takenAt, cameraMake = excluded.cameraMake,
                      cameraModel = excluded.cameraModel, kind = excluded.kind, durationMs = excluded.durationMs,
                      videoCodec = excluded.videoCodec, audioCodec = excluded.audioCodec, motionLength = excluded.motionLength,
                      latitude = excluded.latitude, longitude = excluded.longitude, placeId = NULL, placeCountry = NULL, placeRegion = NULL,
                      takenSource = excluded.takenSource, takenOffset = excluded.takenOffset, reprobe = 2
                    WHERE photo.reprobe = 1
                    RETURNING id
                    """)
                insert.bind(identity.sha256)
                insert.bind(identity.size)
                insert.bind(probe.format.rawValue)
                insert.bind(probe.displayWidth)
                insert.bind(probe.displayHeight)
                insert.bind(probe.orientation)
                insert.bind(probe.takenAt.map { Int64($0.timeIntervalSince1970) })
                insert.bind(probe.cameraMake)
                insert.bind(probe.cameraModel)
                insert.bind(Int64(now.timeIntervalSince1970))
                insert.bind(probe.format.kind.rawValue)
                insert.bind(probe.video?.duration.map { Int64(($0 * 1_000).rounded()) })
                insert.bind(probe.video?.videoCodec)
                insert.bind(probe.video?.audioCodec)
                insert.bind(probe.motionLength)
                insert.bind(probe.location?.latitude)
                insert.bind(probe.location?.longitude)
                insert.bind(probe.takenSource?.rawValue)
                insert.bind(probe.takenOffset.map(Int64.init))
                let inserted = try insert.run()
                guard let photoId = try inserted ?? Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM photo WHERE sha256 = ? AND size = ?"),
                                                                   arguments: [identity.sha256, identity.size]) else {
                    throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "no photo row for \(identity.sha256)")
                }
                if !newKeys, let previous = try Int64.fetchOne(db.cachedStatement(sql: "SELECT photoId FROM file WHERE key = ?"), arguments: [entry.key]),
                   previous != photoId {
                    try carryCuration(db, from: previous, to: photoId)
                }
                try importEmbedded(db, probe: probe, photoId: photoId)
                written.append(try upsertFile(db, entry: entry, photoId: photoId, newKey: newKeys))
            case .notImage(let entry):
                try db.run(sql: "DELETE FROM file WHERE key = ?", arguments: [entry.key])
                try db.run(sql: "DELETE FROM scanIssue WHERE key = ?", arguments: [entry.key])
            case .unavailable:
                // Could not be read now: its rows stay as they were, and the next scan tries it again.
                continue
            case .failed(let entry, let reason):
                try db.run(sql: "DELETE FROM file WHERE key = ?", arguments: [entry.key])
                try db.run(sql: """
                    INSERT INTO scanIssue (key, size, mtimeNs, reason, seenAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET size = excluded.size, mtimeNs = excluded.mtimeNs,
                      reason = excluded.reason, seenAt = excluded.seenAt
                    """, arguments: [entry.key, entry.size, entry.mtimeNs, reason, Int64(now.timeIntervalSince1970)])
            }
        }
        try Self.writeSearchRows(db, fileIds: written)
    }

    /// The full-text rows of these files, made anew in one statement: FTS5 writes out what it
    /// holds at each statement that may be undone on its own, so a statement a row would cost a
    /// segment a file (see migration `v19-search-rows-by-batch`). None while a scan into an empty
    /// catalog has them set aside: they are made for every file at its end (`Schema+SetAside`).
    private static func writeSearchRows(_ db: Database, fileIds: [Int64]) throws {
        guard !fileIds.isEmpty else { return }
        let setAside = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM setAside WHERE name = ?)"),
                                         arguments: [CatalogSchema.searchRowsName]) ?? false
        guard !setAside else { return }
        try db.run(sql: CatalogSchema.searchRows(where: "f.id IN (SELECT value FROM json_each(?))"),
                   arguments: ["[" + fileIds.map(String.init).joined(separator: ",") + "]"])
    }

    /// A file edited in place (new bytes at the same path) keeps what people said about it.
    private func carryCuration(_ db: Database, from old: Int64, to new: Int64) throws {
        try db.run(sql: """
            UPDATE photo SET rating = (SELECT rating FROM photo WHERE id = ?), ratingSetByUser = 1
            WHERE id = ? AND (SELECT ratingSetByUser FROM photo WHERE id = ?) = 1
            """, arguments: [old, new, old])
        try db.run(sql: "INSERT OR IGNORE INTO favorite (userId, photoId, createdAt) SELECT userId, ?, createdAt FROM favorite WHERE photoId = ?",
                       arguments: [new, old])
        // A turn was made on the old pixels: it carries over only when the new file stands as the
        // old one did (an edit of its tags, say), not when an editor turned or cropped it itself.
        try db.run(sql: """
            UPDATE photo SET rotation = o.rotation, width = o.width, height = o.height
            FROM (SELECT rotation, width, height, orientation FROM photo WHERE id = ?) AS o
            WHERE photo.id = ? AND photo.rotation = 0 AND o.rotation != 0 AND photo.orientation = o.orientation
              AND ((o.rotation IN (90, 270) AND photo.width = o.height AND photo.height = o.width)
                OR (o.rotation = 180 AND photo.width = o.width AND photo.height = o.height))
            """, arguments: [old, new])
        try db.run(sql: "INSERT OR IGNORE INTO photoTag (photoId, tagId, fromFile) SELECT ?, tagId, fromFile FROM photoTag WHERE photoId = ?",
                       arguments: [new, old])
        try db.run(sql: "INSERT OR IGNORE INTO removedTag (photoId, name) SELECT ?, name FROM removedTag WHERE photoId = ?",
                       arguments: [new, old])
        // A private picture edited stays private.
        try db.run(sql: "UPDATE photo SET privateTo = (SELECT privateTo FROM photo WHERE id = ?) WHERE id = ? AND privateTo IS NULL",
                   arguments: [old, new])
    }

    /// Stars and keywords from the file, unless Photolala already has the person's word:
    /// a rating set here wins, and a tag removed here is not brought back.
    private func importEmbedded(_ db: Database, probe: ImageProbe, photoId: Int64) throws {
        if let rating = probe.rating {
            try db.run(sql: "UPDATE photo SET rating = ? WHERE id = ? AND ratingSetByUser = 0", arguments: [rating, photoId])
        }
        for keyword in probe.keywords {
            let removed = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM removedTag WHERE photoId = ? AND name = ?)"),
                                            arguments: [photoId, keyword]) ?? false
            guard !removed else { continue }
            try db.run(sql: "INSERT OR IGNORE INTO tag (name) VALUES (?)", arguments: [keyword])
            try db.run(sql: """
                INSERT OR IGNORE INTO photoTag (photoId, tagId, fromFile) SELECT ?, id, 1 FROM tag WHERE name = ?
                """, arguments: [photoId, keyword])
        }
    }

    /// Inserts or updates the file row at the entry's key and returns its id; its full-text row
    /// is the caller's to write (`writeSearchRows`). A key known to be new has no failure to forget.
    private func upsertFile(_ db: Database, entry: SourceEntry, photoId: Int64, newKey: Bool) throws -> Int64 {
        let name = SourceKey.name(of: entry.key)
        // The photo's date, stars and first appearance are the file's sort keys (stars are kept
        // in step by the trigger `photo_rating_files`).
        var upsert = try BoundStatement(db, sql: """
            INSERT INTO file (key, folder, name, sortName, size, mtimeNs, sortTaken, photoId, sortStars, sortAdded)
            SELECT ?, ?, ?, ?, ?, ?, COALESCE(p.takenAt, ?), p.id, p.rating, p.addedAt FROM photo p WHERE p.id = ?
            ON CONFLICT (key) DO UPDATE SET size = excluded.size, mtimeNs = excluded.mtimeNs,
              sortTaken = excluded.sortTaken, photoId = excluded.photoId, sortStars = excluded.sortStars, sortAdded = excluded.sortAdded
            RETURNING id
            """)
        upsert.bind(entry.key)
        upsert.bind(SourceKey.folder(of: entry.key))
        upsert.bind(name)
        upsert.bind(SourceKey.naturalSortKey(name))
        upsert.bind(entry.size)
        upsert.bind(entry.mtimeNs)
        upsert.bind(entry.mtimeNs / 1_000_000_000)
        upsert.bind(photoId)
        let id = try upsert.run()
        if !newKey { try db.run(sql: "DELETE FROM scanIssue WHERE key = ?", arguments: [entry.key]) }
        guard let id else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "no file row for \(entry.key)") }
        return id
    }
}

/// What tells whether a file changed since it was catalogued.
public struct FileState: Sendable, Equatable {
    /// Bytes.
    public var size: Int64
    /// Modification time, nanoseconds since 1970.
    public var mtimeNs: Int64

    /// Creates a state.
    public init(size: Int64, mtimeNs: Int64) { (self.size, self.mtimeNs) = (size, mtimeNs) }
}

extension Database {
    /// Executes a statement compiled once per connection: GRDB keeps it by its SQL, so a scan
    /// writing thousands of rows does not parse and authorize the same SQL thousands of times.
    func run(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
