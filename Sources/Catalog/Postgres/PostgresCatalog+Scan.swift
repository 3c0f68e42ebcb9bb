import Foundation
import Imaging
import Logging
import Synchronization

/// How the PostgreSQL catalog writes a scan's batch and rebuilds folders: a statement for all the
/// rows at once (the look-ups and small writes are shared: `Catalog/Shared/ScanLookups`).
extension PostgresCatalog: ScanBookkeeping {
    public func apply(_ batch: [FileAnalysis], now: Date, newKeys: Bool, durable: Bool) async throws {
        guard !batch.isEmpty else { return }
        try await write { db in
            // For this transaction only: its commit does not wait for the log to reach the disk.
            if !durable { try await db.execute("SET LOCAL synchronous_commit = off", []) }
            try await Self.writeRows(batch, now: now, newKeys: newKeys, db)
        }
        bumpVersion()
        await gatherStatistics(after: batch.count)
    }

    /// Two: while PostgreSQL works through one batch's statements, the scan's side makes the
    /// next one's, and the server's second core takes the other batch's.
    public var bulkBatchesAtOnce: Int { 2 }

    public func applyInBulk(_ batch: [FileAnalysis], now: Date) async throws {
        guard !batch.isEmpty else { return }
        try await Self.writingAgainAfterDeadlocks(logger: logger) {
            try await database.lockedWrite(.withTheScansOtherBatches) { db in
                try await db.execute("SET LOCAL synchronous_commit = off", [])
                try await Self.writeRows(batch, now: now, newKeys: true, db)
            }
        }
        bumpVersion()
        await gatherStatistics(after: batch.count)
    }

    /// Runs `write` (a transaction) again when the server stopped it in a deadlock, up to
    /// `attempts` times in all. Two bulk batches naming the same new content or tags in other
    /// orders can each wait for the other's rows; the server then stops one, and nothing of it
    /// is kept, so it is written again once the other is in.
    static func writingAgainAfterDeadlocks(attempts: Int = 5, logger: Logger, _ write: () async throws -> Void) async throws {
        for attempt in 1... {
            do {
                return try await write()
            } catch where isDeadlock(error) && attempt < attempts {
                logger.debug("catalog: a scan's batch met another in a deadlock; writing it again", metadata: ["attempt": "\(attempt)"])
            }
        }
    }

    /// Writes a batch with a few statements whatever its size (each a set of rows as JSON), so a
    /// scan pays a handful of round trips a batch, not several a file. A key named twice (an
    /// upload's index of a file that changed again) counts as its last analysis, as one file
    /// after the other would leave it.
    private static func writeRows(_ analysed: [FileAnalysis], now: Date, newKeys: Bool, _ db: PostgresSession) async throws {
        // A file that could not be read now leaves its rows as they were, and the next scan tries it again.
        let analysed = analysed.filter { if case .unavailable = $0 { false } else { true } }
        var last: [String: Int] = [:]
        for (index, item) in analysed.enumerated() { last[item.entry.key] = index }
        let batch = analysed.enumerated().filter { last[$0.element.entry.key] == $0.offset }.map(\.element)
        let stamp = Int64(now.timeIntervalSince1970)
        var news: [(entry: SourceEntry, identity: ContentIdentity, probe: ImageProbe)] = []
        var gone: [String] = []
        var failed: [(entry: SourceEntry, reason: String)] = []
        for item in batch {
            switch item {
            case .known, .unavailable: break
            case .new(let entry, let identity, let probe): news.append((entry, identity, probe))
            case .notImage(let entry): gone.append(entry.key)
            case .failed(let entry, let reason): failed.append((entry, reason))
            }
        }
        let photoIds = try await writePhotos(news, stamp: stamp, newKeys: newKeys, db)
        // File rows, for new and known content alike; their ids for the search documents.
        struct FileRow: Encodable {
            var key, folder, name, sortName: String, size, mtimeNs, fallbackTaken, photoId: Int64
        }
        // In the batch's order, so ids are given as one by one would give them.
        let files: [(SourceEntry, Int64)] = batch.compactMap { item in
            switch item {
            case .known(let entry, let photoId): (entry, photoId)
            case .new(let entry, let identity, _): (entry, photoIds[identity]!)
            case .notImage, .failed, .unavailable: nil
            }
        }
        var written: [Int64] = []
        if !files.isEmpty {
            let rows = files.map { entry, photoId in
                let name = SourceKey.name(of: entry.key)
                return FileRow(key: entry.key, folder: SourceKey.folder(of: entry.key), name: name, sortName: SourceKey.naturalSortKey(name),
                               size: entry.size, mtimeNs: entry.mtimeNs, fallbackTaken: entry.mtimeNs / 1_000_000_000, photoId: photoId)
            }
            written = try await db.ints("""
                INSERT INTO file (key, folder, name, sortName, size, mtimeNs, sortTaken, photoId, sortStars, sortAdded)
                SELECT x.key, x.folder, x.name, x."sortName", x.size, x."mtimeNs", COALESCE(p.takenAt, x."fallbackTaken"), p.id, p.rating, p.addedAt
                FROM ROWS FROM (json_to_recordset(?::json) AS (key text, folder text, name text, "sortName" text, size bigint,
                                                               "mtimeNs" bigint, "fallbackTaken" bigint, "photoId" bigint))
                     WITH ORDINALITY AS x(key, folder, name, "sortName", size, "mtimeNs", "fallbackTaken", "photoId", n)
                JOIN photo p ON p.id = x."photoId"
                ORDER BY x.n
                ON CONFLICT (key) DO UPDATE SET size = excluded.size, mtimeNs = excluded.mtimeNs,
                  sortTaken = excluded.sortTaken, photoId = excluded.photoId, sortStars = excluded.sortStars, sortAdded = excluded.sortAdded
                RETURNING id
                """, [try SQLJSON(rows)])
            // A key known to be new has no failure to forget.
            if !newKeys { try await db.execute("DELETE FROM scanIssue WHERE key = ANY(?::text[])", [files.map(\.0.key)]) }
        }
        if !gone.isEmpty {
            try await db.execute("DELETE FROM file WHERE key = ANY(?::text[])", [gone])
            try await db.execute("DELETE FROM scanIssue WHERE key = ANY(?::text[])", [gone])
        }
        if !failed.isEmpty {
            struct IssueRow: Encodable { var key: String, size, mtimeNs: Int64, reason: String }
            try await db.execute("DELETE FROM file WHERE key = ANY(?::text[])", [failed.map(\.entry.key)])
            try await db.execute("""
                INSERT INTO scanIssue (key, size, mtimeNs, reason, seenAt)
                SELECT key, size, "mtimeNs", reason, ?::bigint
                FROM json_to_recordset(?::json) AS x(key text, size bigint, "mtimeNs" bigint, reason text)
                ON CONFLICT (key) DO UPDATE SET size = excluded.size, mtimeNs = excluded.mtimeNs, reason = excluded.reason, seenAt = excluded.seenAt
                """, [stamp, try SQLJSON(failed.map { IssueRow(key: $0.entry.key, size: $0.entry.size, mtimeNs: $0.entry.mtimeNs, reason: $0.reason) })])
        }
        // The batch's full-text documents in one statement, as the SQLite catalog writes them.
        if !written.isEmpty { try await db.execute("SELECT photolala_refresh_search(?::bigint[])", [written]) }
    }

    /// The photo rows of a batch's new content: inserted when new, updated when marked to be
    /// probed again, found otherwise; each identity once, with the first file's probe (as one by
    /// one would keep). Then what people said carries over to files edited in place, and the
    /// files' own stars and keywords are taken.
    private static func writePhotos(_ news: [(entry: SourceEntry, identity: ContentIdentity, probe: ImageProbe)], stamp: Int64,
                                    newKeys: Bool, _ db: PostgresSession) async throws -> [ContentIdentity: Int64] {
        guard !news.isEmpty else { return [:] }
        struct PhotoRow: Encodable {
            var sha256: String, size: Int64, format: String, width, height, orientation: Int, takenAt: Int64?
            var cameraMake, cameraModel: String?, kind: String, durationMs: Int64?, videoCodec, audioCodec: String?, motionLength: Int64?
            var latitude, longitude: Double?
            var takenSource: String?, takenOffset: Int?
        }
        var seen = Set<ContentIdentity>()
        let photos = news.filter { seen.insert($0.identity).inserted }.map { new in
            PhotoRow(sha256: new.identity.sha256, size: new.identity.size, format: new.probe.format.rawValue,
                     width: new.probe.displayWidth, height: new.probe.displayHeight, orientation: new.probe.orientation,
                     takenAt: new.probe.takenAt.map { Int64($0.timeIntervalSince1970) }, cameraMake: new.probe.cameraMake,
                     cameraModel: new.probe.cameraModel, kind: new.probe.format.kind.rawValue,
                     durationMs: new.probe.video?.duration.map { Int64(($0 * 1_000).rounded()) }, videoCodec: new.probe.video?.videoCodec,
                     audioCodec: new.probe.video?.audioCodec, motionLength: new.probe.motionLength,
                     latitude: new.probe.location?.latitude, longitude: new.probe.location?.longitude,
                     takenSource: new.probe.takenSource?.rawValue, takenOffset: new.probe.takenOffset)
        }
        var photoIds: [ContentIdentity: Int64] = [:]
        let written = try await db.rows("""
            INSERT INTO photo (sha256, size, format, width, height, orientation, takenAt, cameraMake, cameraModel, addedAt,
                               kind, durationMs, videoCodec, audioCodec, motionLength, latitude, longitude, takenSource, takenOffset)
            SELECT sha256, size, format, width, height, orientation, "takenAt", "cameraMake", "cameraModel", ?::bigint,
                   kind, "durationMs", "videoCodec", "audioCodec", "motionLength", latitude, longitude, "takenSource", "takenOffset"
            FROM json_to_recordset(?::json) AS x(sha256 text, size bigint, format text, width bigint, height bigint,
              orientation bigint, "takenAt" bigint, "cameraMake" text, "cameraModel" text, kind text, "durationMs" bigint,
              "videoCodec" text, "audioCodec" text, "motionLength" bigint, latitude double precision, longitude double precision,
              "takenSource" text, "takenOffset" bigint)
            ON CONFLICT (sha256, size) DO UPDATE SET format = excluded.format, width = excluded.width, height = excluded.height,
              orientation = excluded.orientation, takenAt = excluded.takenAt, cameraMake = excluded.cameraMake,
              cameraModel = excluded.cameraModel, kind = excluded.kind, durationMs = excluded.durationMs,
              videoCodec = excluded.videoCodec, audioCodec = excluded.audioCodec, motionLength = excluded.motionLength,
              latitude = excluded.latitude, longitude = excluded.longitude, placeId = NULL, placeCountry = NULL, placeRegion = NULL,
              takenSource = excluded.takenSource, takenOffset = excluded.takenOffset, reprobe = 2
            WHERE photo.reprobe = 1
            RETURNING id, sha256, size
            """, [stamp, try SQLJSON(photos)])
        for row in written { photoIds[ContentIdentity(sha256: try row.string("sha256"), size: try row.int("size"))] = try row.int("id") }
        let missing = photos.filter { photoIds[ContentIdentity(sha256: $0.sha256, size: $0.size)] == nil }
        if !missing.isEmpty {
            let found = try await db.rows("""
                SELECT p.id, p.sha256, p.size FROM photo p
                JOIN unnest(?::text[], ?::bigint[]) AS wanted(sha256, size) ON p.sha256 = wanted.sha256 AND p.size = wanted.size
                """, [missing.map(\.sha256), missing.map(\.size)])
            for row in found { photoIds[ContentIdentity(sha256: try row.string("sha256"), size: try row.int("size"))] = try row.int("id") }
        }
        for new in news where photoIds[new.identity] == nil {
            throw PostgresCatalogError(description: "no photo row for \(new.identity.sha256)")
        }
        // A file edited in place (new bytes at a known key) keeps what people said about it.
        if !newKeys {
            var before: [String: Int64] = [:]
            for row in try await db.rows("SELECT key, photoId FROM file WHERE key = ANY(?::text[])", [news.map(\.entry.key)]) {
                before[try row.string("key")] = try row.int("photoId")
            }
            for new in news {
                if let old = before[new.entry.key], let id = photoIds[new.identity], old != id { try await carryCuration(db, from: old, to: id) }
            }
        }
        try await importEmbedded(db, news.map { (photoIds[$0.identity]!, $0.probe) })
        return photoIds
    }

    /// Stars and keywords from the files, for their photos, unless Photolala already has the
    /// person's word: a rating set here wins, and a tag removed here is not brought back.
    private static func importEmbedded(_ db: PostgresSession, _ items: [(photoId: Int64, probe: ImageProbe)]) async throws {
        struct Rating: Encodable { var id: Int64, rating: Int }
        struct Keyword: Encodable { var id: Int64, name: String }
        // The last file's stars for a photo, as one by one would leave them.
        var ratings: [Int64: Int] = [:]
        for item in items { if let rating = item.probe.rating { ratings[item.photoId] = rating } }
        if !ratings.isEmpty {
            try await db.execute("""
                UPDATE photo SET rating = x.rating FROM json_to_recordset(?::json) AS x(id bigint, rating bigint)
                WHERE photo.id = x.id AND photo.ratingSetByUser = 0
                """, [try SQLJSON(ratings.map { Rating(id: $0.key, rating: $0.value) })])
        }
        let keywords = items.flatMap { item in item.probe.keywords.map { Keyword(id: item.photoId, name: $0) } }
        guard !keywords.isEmpty else { return }
        let json = try SQLJSON(keywords)
        // In the files' order (no DISTINCT, which sorts): of two spellings, the first one met names the tag.
        try await db.execute("""
            INSERT INTO tag (name) SELECT x.name FROM json_to_recordset(?::json) AS x(id bigint, name text)
            WHERE NOT EXISTS (SELECT 1 FROM removedTag r WHERE r.photoId = x.id AND r.name = x.name::citext)
            ON CONFLICT DO NOTHING
            """, [json])
        try await db.execute("""
            INSERT INTO photoTag (photoId, tagId, fromFile)
            SELECT DISTINCT x.id, t.id, 1 FROM json_to_recordset(?::json) AS x(id bigint, name text) JOIN tag t ON t.name = x.name::citext
            WHERE NOT EXISTS (SELECT 1 FROM removedTag r WHERE r.photoId = x.id AND r.name = t.name)
            ON CONFLICT DO NOTHING
            """, [json])
    }

    /// A file edited in place (new bytes at the same path) keeps what people said about it.
    private static func carryCuration(_ db: PostgresSession, from old: Int64, to new: Int64) async throws {
        try await db.execute("""
            UPDATE photo SET rating = o.rating, ratingSetByUser = 1 FROM (SELECT rating, ratingSetByUser FROM photo WHERE id = ?) AS o
            WHERE photo.id = ? AND o.ratingSetByUser = 1
            """, [old, new])
        try await db.execute("""
            INSERT INTO favorite (userId, photoId, createdAt) SELECT userId, ?, createdAt FROM favorite WHERE photoId = ?
            ON CONFLICT DO NOTHING
            """, [new, old])
        // A turn was made on the old pixels: it carries over only when the new file stands as the
        // old one did (an edit of its tags, say), not when an editor turned or cropped it itself.
        try await db.execute("""
            UPDATE photo SET rotation = o.rotation, width = o.width, height = o.height
            FROM (SELECT rotation, width, height, orientation FROM photo WHERE id = ?) AS o
            WHERE photo.id = ? AND photo.rotation = 0 AND o.rotation != 0 AND photo.orientation = o.orientation
              AND ((o.rotation IN (90, 270) AND photo.width = o.height AND photo.height = o.width)
                OR (o.rotation = 180 AND photo.width = o.width AND photo.height = o.height))
            """, [old, new])
        try await db.execute("""
            INSERT INTO photoTag (photoId, tagId, fromFile) SELECT ?, tagId, fromFile FROM photoTag WHERE photoId = ? ON CONFLICT DO NOTHING
            """, [new, old])
        try await db.execute("INSERT INTO removedTag (photoId, name) SELECT ?, name FROM removedTag WHERE photoId = ? ON CONFLICT DO NOTHING",
                             [new, old])
        // A private picture edited stays private.
        try await db.execute("UPDATE photo SET privateTo = (SELECT privateTo FROM photo WHERE id = ?) WHERE id = ? AND privateTo IS NULL",
                             [old, new])
    }

    @discardableResult
    public func rebuildFolders(skippingWhenBuilt: Bool) async throws -> Bool {
        let repaired: Bool? = try await write { db in
            if skippingWhenBuilt, try await db.int(FoldersBuilt.read) == FoldersBuilt.rules { return nil }
            return try await Self.rebuildFolders(db)
        }
        guard let repaired else { return false }
        bumpVersion()
        return repaired
    }

    /// Pairs files, then recomputes every folder's counts, dates and cover, as `CatalogStore` does;
    /// says whether any file was paired or stood alone anew.
    private static func rebuildFolders(_ db: PostgresSession) async throws -> Bool {
        let repaired = try await pairFiles(db)
        // The cover is the photo of the row with the latest date (the first such file on a tie).
        let rows = try await db.rows("""
            SELECT f.folder, COUNT(*) AS photoCount, MAX(f.sortTaken) AS latest,
                   (array_agg(p.sha256 ORDER BY f.sortTaken DESC, f.id))[1] AS sha256,
                   MIN(p.takenAt) AS takenFrom, MAX(p.takenAt) AS takenTo
            FROM file f JOIN photo p ON p.id = f.photoId WHERE f.pairedTo IS NULL GROUP BY f.folder
            """)
        let folders = FolderAggregate.tally(try rows.map { row in
            FolderAggregate.Direct(path: try row.string("folder"), count: try row.int("photoCount"), latest: try row.optionalInt("latest"),
                                   coverSha: try row.optionalString("sha256"), takenFrom: try row.optionalInt("takenFrom"),
                                   takenTo: try row.optionalInt("takenTo"))
        })
        try await db.execute("DELETE FROM folder")
        struct Row: Encodable {
            var path: String, parent: String?, name: String, photoCount, totalCount, folderCount: Int64
            var coverSha: String?, latestSort, earliestTaken, latestTaken: Int64?
        }
        let table = folders.map { path, agg in
            Row(path: path, parent: SourceKey.parent(ofFolder: path), name: SourceKey.name(of: path), photoCount: agg.photoCount,
                totalCount: agg.totalCount, folderCount: agg.folderCount, coverSha: agg.coverSha, latestSort: agg.latest, earliestTaken: agg.takenFrom,
                latestTaken: agg.takenTo)
        }
        // Every folder in one statement.
        try await db.execute("""
            INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, latestSort, earliestTaken, latestTaken)
            SELECT path, parent, name, "photoCount", "totalCount", "folderCount", "coverSha", "latestSort", "earliestTaken", "latestTaken"
            FROM json_to_recordset(?::json) AS x(path text, parent text, name text, "photoCount" bigint, "totalCount" bigint,
                                                 "folderCount" bigint, "coverSha" text, "latestSort" bigint, "earliestTaken" bigint,
                                                 "latestTaken" bigint)
            """, [try SQLJSON(table)])
        try await db.execute(LinkEnding.vanishedFolders, [Int64(Date().timeIntervalSince1970)])
        try await db.execute(FoldersBuilt.forget)
        try await db.execute(FoldersBuilt.record, [FoldersBuilt.rules])
        return repaired
    }

    /// Pairs the files of every folder that holds a RAW or a short clip, and unpairs any file
    /// outside them; writes only what changed (`CatalogStore.pairFiles`), and says whether anything did.
    private static func pairFiles(_ db: PostgresSession) async throws -> Bool {
        let rows = try await db.rows("""
            SELECT f.id, f.folder, f.name, p.format, p.durationMs, p.privateTo, f.pairedTo, f.companions
            FROM file f JOIN photo p ON p.id = f.photoId
            WHERE f.folder IN (SELECT f2.folder FROM file f2 JOIN photo p ON p.id = f2.photoId WHERE \(FilePairs.candidateCondition))
            """)
        var now: [Int64: (pairedTo: Int64?, companions: Int64)] = [:]
        var files: [FilePairs.File] = []
        for row in rows {
            let id = try row.int("id")
            now[id] = (try row.optionalInt("pairedTo"), try row.int("companions"))
            files.append(FilePairs.File(id: id, folder: try row.string("folder"), name: try row.string("name"),
                                        format: try row.string("format"), durationMs: try row.optionalInt("durationMs"), owner: try row.optionalInt("privateTo")))
        }
        var changed = false
        for (id, wanted) in FilePairs.pair(files) {
            guard let current = now[id], current.pairedTo != wanted.pairedTo || current.companions != Int64(wanted.companions.rawValue) else { continue }
            try await db.execute("UPDATE file SET pairedTo = ?, companions = ? WHERE id = ?", [wanted.pairedTo, wanted.companions.rawValue, id])
            changed = true
        }
        // A file outside those folders stands alone (its companion went, or its still did).
        let alone = try await db.changes("""
            UPDATE file SET pairedTo = NULL, companions = 0
            WHERE (pairedTo IS NOT NULL OR companions != 0) AND id != ALL(?::bigint[])
            """, [Array(now.keys)])
        return changed || alone > 0
    }
}
