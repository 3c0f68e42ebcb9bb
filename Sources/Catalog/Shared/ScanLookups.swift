import Foundation
import Imaging

/// The scan's look-ups and small writes, in both catalogs (each catalog writes a batch of analysed
/// files and rebuilds folders its own way: `apply`, `rebuildFolders`).
extension ScanBookkeeping where Self: SQLCatalog {
    /// The photo rows for these identities (not those marked to be probed again), in one query.
    public func photoIds(for identities: [ContentIdentity]) async throws -> [ContentIdentity: Int64] {
        guard !identities.isEmpty else { return [:] }
        let wanted = Set(identities)
        return try await core.database.read { db in
            var found: [ContentIdentity: Int64] = [:]
            let rows = try await db.rows("SELECT id, sha256, size FROM photo WHERE \(db.dialect.isIn("sha256")) AND reprobe != 1",
                                         [Array(Set(identities.map(\.sha256)))])
            for row in rows {
                let identity = ContentIdentity(sha256: try row.string("sha256"), size: try row.int("size"))
                if wanted.contains(identity) { found[identity] = try row.int("id") }
            }
            return found
        }
    }

    /// Size and mtime of every known file, by key.
    public func fileStates() async throws -> [String: FileState] {
        try await core.database.read { db in
            try await ScanRules.states(db, "SELECT key, size, mtimeNs FROM file", expected: Int(try await db.int("SELECT COUNT(*) FROM file") ?? 0))
        }
    }

    /// Size and mtime of every file that failed before, by key, so unchanged failures are not retried.
    public func issueStates() async throws -> [String: FileState] {
        try await core.database.read { db in try await ScanRules.states(db, "SELECT key, size, mtimeNs FROM scanIssue") }
    }

    /// What the library holds, by kind: the items groups list (a Live Photo's clip and a RAW
    /// beside its JPEG are part of theirs, not items), and how many of them move or have a RAW.
    public func kindCounts() async throws -> KindCounts {
        try await core.database.read { db in
            guard let row = try await db.row("""
                SELECT COUNT(*) FILTER (WHERE f.pairedTo IS NULL AND p.kind = 'photo') AS photos,
                       COUNT(*) FILTER (WHERE f.pairedTo IS NULL AND p.kind = 'video') AS videos,
                       COUNT(*) FILTER (WHERE f.pairedTo IS NULL AND \(GroupSQL.condition(.live))) AS live,
                       COUNT(*) FILTER (WHERE p.format IN (\(FilePairs.rawFormatList))) AS raw
                FROM file f JOIN photo p ON p.id = f.photoId
                """) else { return KindCounts() }
            return KindCounts(photos: Int(try row.int("photos")), videos: Int(try row.int("videos")),
                              live: Int(try row.int("live")), raw: Int(try row.int("raw")))
        }
    }

    /// Hashes of content probed again since the last call, whose renditions were made from what
    /// was read before; each is handed out once.
    public func takeStaleRenditions() async throws -> Set<String> {
        try await core.database.write { db in
            Set(try await db.strings("UPDATE photo SET reprobe = 0 WHERE reprobe = 2 RETURNING sha256"))
        }
    }

    /// Forgets files that are gone from the source; their photo rows (and curation) stay.
    public func removeFiles(keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await core.database.write { db in
            try await db.execute("DELETE FROM file WHERE \(db.dialect.isIn("key"))", [keys])
            try await db.execute("DELETE FROM scanIssue WHERE \(db.dialect.isIn("key"))", [keys])
        }
        core.changed()
    }

    /// Forgets the recorded failures of these files, which the walk no longer finds.
    public func forgetIssues(keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await core.database.write { db in
            try await db.execute("DELETE FROM scanIssue WHERE \(db.dialect.isIn("key"))", [keys])
        }
    }
}

enum ScanRules {
    /// Size and mtime by key, from a query selecting `key, size, mtimeNs`.
    /// Folded as the rows come: a million files' rows are never held at once.
    /// `expected`: about how many rows come, so the table is made once at its size: grown as they
    /// came, a million files' table was copied into one twice its size at the end, both held at once.
    static func states(_ db: any SQLSession, _ sql: String, expected: Int = 0) async throws -> [String: FileState] {
        try await db.reduce(sql, [], into: [String: FileState](minimumCapacity: expected)) { states, row in
            states[try row.string(0)] = FileState(size: try row.int(1), mtimeNs: try row.int(2))
        }
    }
}
