import Foundation

/// Read-only share links, in both catalogs: of a link's token only its hash (`TokenHash`) is
/// stored, and a link goes with the account that made it.
extension ShareStore where Self: SQLCatalog {
    /// Stores a new link; of its token only the hash is kept, and the nonce it was derived from.
    @discardableResult
    public func createShare(token: String, nonce: String?, accountId: Int64, kind: ShareLink.Kind, value: String, filter: String,
                            expiresAt: Int64?, now: Int64) async throws -> Int64 {
        let tokenHash = TokenHash.of(token)
        return try await core.database.write { db in
            try await db.insertedId("""
                INSERT INTO shareLink (tokenHash, nonce, accountId, kind, value, filter, createdAt, expiresAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """, [tokenHash, nonce, accountId, kind.rawValue, value, filter, now, expiresAt])
        }
    }

    /// The link with this token, live or expired.
    public func share(token: String) async throws -> ShareLink? {
        let tokenHash = TokenHash.of(token)
        return try await core.database.read { db in
            try await db.row(PeopleRows.shareSelect + " WHERE s.tokenHash = ?", [tokenHash]).map(PeopleRows.share)
        }
    }

    /// Links made by one account, or every link when `accountId` is nil; newest first.
    public func shares(accountId: Int64?) async throws -> [ShareLink] {
        try await core.database.read { db in
            if let accountId {
                return try await db.rows(PeopleRows.shareSelect + " WHERE s.accountId = ? ORDER BY s.id DESC", [accountId])
                    .map(PeopleRows.share)
            }
            return try await db.rows(PeopleRows.shareSelect + " ORDER BY s.id DESC").map(PeopleRows.share)
        }
    }

    /// The links to one group (an album's id, a folder's path, a tag), live or not; newest first.
    public func shares(kind: ShareLink.Kind, value: String) async throws -> [ShareLink] {
        try await core.database.read { db in
            try await db.rows(PeopleRows.shareSelect + " WHERE s.kind = ? AND s.value = ? ORDER BY s.id DESC", [kind.rawValue, value])
                .map(PeopleRows.share)
        }
    }

    /// Revokes a link; with `accountId`, only if that account made it. Returns whether one was removed.
    @discardableResult
    public func deleteShare(id: Int64, accountId: Int64?) async throws -> Bool {
        try await core.database.write { db in
            try await db.changes("DELETE FROM shareLink WHERE id = ? AND (CAST(? AS BIGINT) IS NULL OR accountId = ?)",
                                 [id, accountId, accountId]) == 1
        }
    }

    /// Lets an album's link add this many more photos (0 stops it; less than 0 counts as 0).
    /// Links to anything but an album are left as they are.
    public func setShareUploads(id: Int64, count: Int) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE shareLink SET uploadsLeft = ? WHERE id = ? AND kind = 'album'", [max(0, count), id])
        }
    }

    /// Gives back uploads taken and not used.
    public func returnShareUploads(id: Int64, count: Int) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE shareLink SET uploadsLeft = uploadsLeft + ? WHERE id = ? AND kind = 'album'",
                                 [max(0, count), id])
        }
    }

    /// Takes up to `count` of a link's remaining uploads at once; returns how many it got (0 for
    /// an unknown link). The count is read and lowered in one write, with the row locked where
    /// other writers could reach it, so calls made at the same time never hand out more than remain.
    public func takeShareUploads(id: Int64, count: Int) async throws -> Int {
        try await core.database.write { db in
            let left = try await db.int("SELECT uploadsLeft FROM shareLink WHERE id = ?" + db.dialect.forUpdate, [id]) ?? 0
            let taken = min(Int(left), max(0, count))
            try await db.execute("UPDATE shareLink SET uploadsLeft = uploadsLeft - ? WHERE id = ?", [taken, id])
            return taken
        }
    }

    /// Lets a link's photo pages say where each photo was taken, or stops them.
    public func setSharePlaces(id: Int64, shown: Bool) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE shareLink SET showsPlaces = ? WHERE id = ?", [shown ? 1 : 0, id])
        }
    }

    /// Sets (or with nil, removes) the password a link asks for, as a bcrypt hash.
    public func setSharePassword(id: Int64, passwordHash: String?) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE shareLink SET passwordHash = ? WHERE id = ?", [passwordHash, id])
        }
    }
}
