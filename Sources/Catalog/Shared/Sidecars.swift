import Foundation
import Imaging

/// Sidecars in both catalogs. A sidecar changed elsewhere is the newer word: what it says of
/// stars, tags, caption, turn and favorites replaces the catalog's, each in one transaction with
/// its photo. When the photo had changes not yet written to its sidecars (it waits in
/// `sidecarPending`), those changes are what the sidecar replaced: a conflict, which the scan
/// reports.
extension SidecarStore where Self: SQLCatalog {
    public func sidecarStates(keys: [String]?) async throws -> [String: FileState] {
        try await core.database.read { db in
            let rows: [SQLRow]
            if let keys {
                guard !keys.isEmpty else { return [:] }
                rows = try await db.rows("SELECT key, size, mtimeNs FROM sidecar WHERE \(db.dialect.isIn("key"))", [keys])
            } else {
                rows = try await db.rows("SELECT key, size, mtimeNs FROM sidecar")
            }
            var out: [String: FileState] = [:]
            for row in rows { out[try row.string("key")] = FileState(size: try row.int("size"), mtimeNs: try row.int("mtimeNs")) }
            return out
        }
    }

    public func recordSidecars(_ states: [String: FileState]) async throws {
        guard !states.isEmpty else { return }
        try await core.database.write { db in
            for (key, state) in states {
                try await db.execute("""
                    INSERT INTO sidecar (key, size, mtimeNs) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET size = excluded.size, mtimeNs = excluded.mtimeNs
                    """, [key, state.size, state.mtimeNs])
            }
        }
    }

    public func forgetSidecars(keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await core.database.write { db in
            for chunk in stride(from: 0, to: keys.count, by: 500).map({ Array(keys[$0..<min($0 + 500, keys.count)]) }) {
                try await db.execute("DELETE FROM sidecar WHERE \(db.dialect.isIn("key"))", [chunk])
            }
        }
    }

    public func pendingSidecars(after: Int64, limit: Int) async throws -> [SidecarWork] {
        try await core.database.read { db in
            var work: [Int64: SidecarWork] = [:]
            for row in try await db.rows("""
                SELECT p.id, s.mark, p.rating, p.caption, p.rotation, p.orientation, CAST(a.name AS TEXT) AS privateName
                FROM sidecarPending s JOIN photo p ON p.id = s.photoId LEFT JOIN account a ON a.id = p.privateTo
                WHERE s.photoId > ? ORDER BY s.photoId LIMIT ?
                """, [after, max(0, limit)]) {
                let id = try row.int("id")
                work[id] = SidecarWork(photoId: id, mark: try row.int("mark"), keys: [], fileOrientation: Int(try row.int("orientation")),
                                       curation: XMPSidecar.Curation(rating: Int(try row.int("rating")), tags: [],
                                                                     caption: try row.string("caption"),
                                                                     rotation: Int(try row.int("rotation")), favoriteOf: [],
                                                                     privateTo: try row.optionalString("privateName")))
            }
            let ids = Array(work.keys)
            guard !ids.isEmpty else { return [] }
            for row in try await db.rows("SELECT photoId, key FROM file WHERE \(db.dialect.isIn("photoId")) ORDER BY key", [ids]) {
                work[try row.int("photoId")]?.keys.append(try row.string("key"))
            }
            for row in try await db.rows("""
                SELECT pt.photoId, t.name FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE \(db.dialect.isIn("pt.photoId")) ORDER BY t.name
                """, [ids]) {
                work[try row.int("photoId")]?.curation.tags?.append(try row.string("name"))
            }
            for row in try await db.rows("""
                SELECT f.photoId, a.name FROM favorite f JOIN account a ON a.id = f.userId WHERE \(db.dialect.isIn("f.photoId")) ORDER BY a.name
                """, [ids]) {
                work[try row.int("photoId")]?.curation.favoriteOf?.append(try row.string("name"))
            }
            for id in ids where !(work[id]?.curation.favoriteOf?.isEmpty ?? true) {
                work[id]?.curation.label = XMPSidecar.favoriteLabel
            }
            return work.values.sorted { $0.photoId < $1.photoId }
        }
    }

    public func finishSidecars(_ written: [SidecarWork]) async throws {
        guard !written.isEmpty else { return }
        try await core.database.write { db in
            for photo in written {
                try await db.execute("DELETE FROM sidecarPending WHERE photoId = ? AND mark = ?", [photo.photoId, photo.mark])
            }
            // (and photos that are gone)
            try await db.execute("DELETE FROM sidecarPending WHERE NOT EXISTS (SELECT 1 FROM photo WHERE photo.id = sidecarPending.photoId)")
        }
    }

    public func clearPendingSidecars() async throws {
        try await core.database.write { db in try await db.execute("DELETE FROM sidecarPending") }
    }

    @discardableResult
    public func markCuratedPhotosForSidecars() async throws -> Int {
        try await core.database.write { db in
            try await db.changes("""
                INSERT INTO sidecarPending (photoId)
                SELECT id FROM (SELECT id FROM photo WHERE rating > 0 OR caption != '' OR rotation != 0 OR privateTo IS NOT NULL
                                UNION SELECT photoId FROM photoTag UNION SELECT photoId FROM favorite) AS curated
                WHERE id IS NOT NULL
                ON CONFLICT DO NOTHING
                """)
        }
    }

    public func applySidecar(_ curation: XMPSidecar.Curation, toFileAt key: String) async throws -> SidecarApplied? {
        let applied = try await core.database.write { db -> SidecarApplied? in
            guard let row = try await db.row("""
                SELECT p.id, p.rating, p.caption, p.rotation, p.orientation FROM file f JOIN photo p ON p.id = f.photoId WHERE f.key = ?
                """, [key]) else { return nil }
            let photoId = try row.int("id")
            let waiting = try await db.exists("SELECT 1 FROM sidecarPending WHERE photoId = ?", [photoId])
            var changed: [String] = []
            if let rating = curation.rating, rating != Int(try row.int("rating")) {
                try await db.execute("UPDATE photo SET rating = ?, ratingSetByUser = 1 WHERE id = ?", [rating, photoId])
                changed.append("stars")
            }
            if let caption = curation.caption, caption != (try row.string("caption")) {
                try await db.execute("UPDATE photo SET caption = ? WHERE id = ?", [caption, photoId])
                changed.append("caption")
            }
            let now = Int(try row.int("rotation"))
            let fileOrientation = Int(try row.int("orientation"))
            let turn = curation.rotation ?? curation.orientation.flatMap { XMPSidecar.rotation(from: fileOrientation, to: $0) }
            if let turn, turn != now {
                // The picture's sides trade places when the number of quarter turns changes parity.
                let swap = (turn / 90) % 2 != (now / 90) % 2
                try await db.execute("""
                    UPDATE photo SET rotation = ?, width = \(swap ? "height" : "width"), height = \(swap ? "width" : "height") WHERE id = ?
                    """, [turn, photoId])
                changed.append("turn")
            }
            if let tags = curation.tags {
                let had = Set(try await db.strings("SELECT t.name FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = ?", [photoId])
                    .map { $0.lowercased() })
                let wanted = Set(tags.map { $0.lowercased() })
                if had != wanted {
                    for name in tags where !had.contains(name.lowercased()) {
                        let tagId = try await CurationRules.tagId(db, name: name)
                        try await db.execute("INSERT INTO photoTag (photoId, tagId) VALUES (?, ?) ON CONFLICT DO NOTHING", [photoId, tagId])
                        try await db.execute("DELETE FROM removedTag WHERE photoId = ? AND name = \(db.dialect.caseless)", [photoId, name])
                    }
                    for name in had.subtracting(wanted) {
                        try await db.execute("""
                            DELETE FROM photoTag WHERE photoId = ? AND tagId = (SELECT id FROM tag WHERE name = \(db.dialect.caseless))
                            """, [photoId, name])
                        try await db.execute("INSERT INTO removedTag (photoId, name) VALUES (?, ?) ON CONFLICT DO NOTHING", [photoId, name])
                    }
                    try await CurationRules.forgetUnusedTags(db)
                    changed.append("tags")
                }
            }
            if let names = curation.favoriteOf {
                let accounts = try await db.rows("SELECT id, name FROM account")
                var byName: [String: Int64] = [:]
                for account in accounts { byName[try account.string("name").lowercased()] = try account.int("id") }
                let wanted = Set(names.compactMap { byName[$0.lowercased()] })
                let had = Set(try await db.ints("SELECT f.userId FROM favorite f JOIN account a ON a.id = f.userId WHERE f.photoId = ?", [photoId]))
                if had != wanted {
                    let stamp = Int64(Date().timeIntervalSince1970)
                    for id in wanted.subtracting(had) {
                        try await db.execute("INSERT INTO favorite (userId, photoId, createdAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", [id, photoId, stamp])
                    }
                    for id in had.subtracting(wanted) {
                        try await db.execute("DELETE FROM favorite WHERE userId = ? AND photoId = ?", [id, photoId])
                    }
                    changed.append("favorites")
                }
            }
            // A sidecar may make a photo private (a catalog made anew gets its privacy back), to the
            // account of that name or, when there is none, to no one; it never makes one public.
            if let name = curation.privateTo, try await db.int("SELECT privateTo FROM photo WHERE id = ?", [photoId]) == nil {
                let owner = try await db.int("SELECT id FROM account WHERE name = \(db.dialect.caseless)", [name]) ?? formerAccountOwner
                try await db.execute("UPDATE photo SET privateTo = ? WHERE id = ? AND privateTo IS NULL", [owner, photoId])
                changed.append("privacy")
            }
            return SidecarApplied(photoId: photoId, changed: changed, conflict: waiting && !changed.isEmpty)
        }
        if let applied, !applied.changed.isEmpty { core.changed() }
        return applied
    }
}
