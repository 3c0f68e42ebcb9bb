import Foundation

/// Likeness and stacks in both catalogs: stills handed out to be measured, their measures
/// written a batch at a time, and each changed folder's stacks made anew in one write.
extension LikenessStore where Self: SQLCatalog {
    public func unmeasuredPhotos(limit: Int) async throws -> [UnmeasuredPhoto] {
        try await core.database.read { db in
            try await db.rows("""
                SELECT p.id, f.key, p.format FROM photo p JOIN file f ON f.id = p.listedFile
                WHERE p.sharpness IS NULL AND p.kind = 'photo' ORDER BY p.id LIMIT ?
                """, [max(0, limit)]).map {
                UnmeasuredPhoto(photoId: try $0.int("id"), key: try $0.string("key"), format: try $0.string("format"))
            }
        }
    }

    public func recordLikeness(_ measured: [MeasuredPhoto]) async throws {
        guard !measured.isEmpty else { return }
        // Their look-alikes among the photos measured before and among themselves, read before
        // the write begins, and which of them are kept as pairs (`SimilarPairs.kept`).
        let hashed = measured.compactMap { photo in photo.hash.map { (id: photo.photoId, hash: $0) } }.filter { SimilarPairs.informative($0.hash) }
        let found = try await core.database.read { db in
            var pairs: [(Int64, Int64, Int)] = [], nearest: [Int64: Int] = [:]
            for (index, photo) in hashed.enumerated() {
                let together = hashed[..<index].map { other in
                    SimilarPairs.Candidate(id: other.id, distance: (photo.hash ^ other.hash).nonzeroBitCount, nearest: nil)
                }
                pairs += SimilarPairs.kept(photo.id, try await Self.lookAlikes(of: photo, db) + together, nearest: &nearest)
            }
            return pairs
        }
        try await core.database.write { db in
            for (a, b, distance) in found {
                try await db.execute("""
                    INSERT INTO similarPair (photoId, otherId, distance) VALUES (?, ?, ?), (?, ?, ?) ON CONFLICT DO NOTHING
                    """, [a, b, distance, b, a, distance])
                // Each side's nearest, when the other is listed (the listing's triggers keep it so after).
                for (photo, other) in [(a, b), (b, a)] {
                    try await db.execute("""
                        UPDATE photo SET nearest = ? WHERE id = ? AND (nearest IS NULL OR nearest > ?)
                          AND EXISTS (SELECT 1 FROM photo q WHERE q.id = ? AND q.listedFile IS NOT NULL)
                        """, [distance, photo, distance, other])
                }
            }
            for photo in measured {
                let hash = photo.hash.map { Int64(bitPattern: $0) }
                try await db.execute("UPDATE photo SET likeness = ?, sharpness = ? WHERE id = ?",
                                     [hash, hash == nil ? -1 : max(0, photo.sharpness ?? 0), photo.photoId])
                guard hash != nil else { continue }
                try await db.execute("""
                    INSERT INTO stackPending (folder) SELECT DISTINCT folder FROM file WHERE photoId = ? AND pairedTo IS NULL
                    ON CONFLICT DO NOTHING
                    """, [photo.photoId])
            }
        }
        // Only the Similar collection shows them (`CatalogCore.likenessVersion`).
        if !found.isEmpty { core.likenessChanged() }
    }

    /// The photos measured before that look like `photo`: candidates down the band indexes, kept
    /// when their whole hashes are close enough, with the nearest look-alike each has so far.
    static func lookAlikes(of photo: (id: Int64, hash: UInt64), _ db: any SQLSession) async throws -> [SimilarPairs.Candidate] {
        let bands = SimilarPairs.bands(photo.hash)
        let near = (0..<4).map { db.dialect.isIn("(\(SimilarPairs.band($0)))") }.joined(separator: " OR ")
        let rows = try await db.rows("""
            SELECT id, likeness, nearest FROM photo WHERE likeness IS NOT NULL AND id != ? AND (\(near)) LIMIT \(SimilarPairs.maxCandidates)
            """, [photo.id] + bands.map { SimilarPairs.neighbours($0).map(Int64.init) as any SQLArgument })
        return try rows.compactMap { row in
            let hash = UInt64(bitPattern: try row.int("likeness"))
            let distance = (photo.hash ^ hash).nonzeroBitCount
            guard distance <= SimilarPairs.maxDistance, SimilarPairs.informative(hash) else { return nil }
            return SimilarPairs.Candidate(id: try row.int("id"), distance: distance, nearest: try row.optionalInt("nearest").map(Int.init))
        }
    }

    public func restackPending(limit: Int) async throws -> Int {
        let (made, changed) = try await core.database.write { db -> (Int, Bool) in
            let folders = try await db.strings("SELECT folder FROM stackPending ORDER BY folder LIMIT ?", [max(0, limit)])
            var changed = false
            for folder in folders {
                if try await Self.restack(folder, db) { changed = true }
                try await db.execute("DELETE FROM stackPending WHERE folder = ?", [folder])
            }
            return (folders.count, changed)
        }
        if changed { core.changed() }
        return made
    }

    /// Makes `folder`'s stacks anew, writing only the files whose stack changed; says whether any did.
    static func restack(_ folder: String, _ db: any SQLSession) async throws -> Bool {
        // The folder's listed files, down its index.
        let rows = try await db.rows("""
            SELECT f.id, f.stackOf, p.takenAt, p.likeness, p.sharpness, p.kind FROM file f JOIN photo p ON p.id = f.photoId
            WHERE f.folder = ? AND f.pairedTo IS NULL
            """, [folder])
        var now: [Int64: Int64?] = [:]
        var shots: [BurstStacks.Shot] = []
        for row in rows {
            let id = try row.int("id")
            now[id] = try row.optionalInt("stackOf")
            guard try row.string("kind") == "photo", let taken = try row.optionalInt("takenAt"),
                  let hash = try row.optionalInt("likeness") else { continue }
            shots.append(BurstStacks.Shot(fileId: id, taken: taken, hash: UInt64(bitPattern: hash),
                                          sharpness: try row.optionalDouble("sharpness") ?? 0))
        }
        let wanted = BurstStacks.assignments(Array(now.keys), BurstStacks.stacks(shots))
        var changed = false
        for (id, under) in wanted.sorted(by: { $0.key < $1.key }) where now[id] != under {
            try await db.execute("UPDATE file SET stackOf = ? WHERE id = ?", [under, id])
            changed = true
        }
        return changed
    }
}
