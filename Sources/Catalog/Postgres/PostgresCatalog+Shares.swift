import Foundation
import Imaging

/// Read-only share links in the PostgreSQL catalog, as `CatalogStore` keeps them: of a link's
/// token only its hash (`TokenHash`) is stored, and a link goes with the account that made it.
extension PostgresCatalog: ShareStore {
    /// Stores a new link; of its token only the hash is kept.
    @discardableResult
    public func createShare(token: String, accountId: Int64, kind: ShareLink.Kind, value: String, filter: String,
                            expiresAt: Int64?, now: Int64) async throws -> Int64 {
        let tokenHash = TokenHash.of(token)
        return try await write { db in
            guard let id = try await db.int("""
                INSERT INTO shareLink (tokenHash, accountId, kind, value, filter, createdAt, expiresAt)
                VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
                """, [tokenHash, accountId, kind.rawValue, value, filter, now, expiresAt]) else {
                throw PostgresCatalogError(description: "the new share link's id was not returned")
            }
            return id
        }
    }

    /// The link with this token, live or expired.
    public func share(token: String) async throws -> ShareLink? {
        let tokenHash = TokenHash.of(token)
        return try await read { db in
            try await db.row(PostgresPeopleRows.shareSelect + " WHERE s.tokenHash = ?", [tokenHash]).map(PostgresPeopleRows.share)
        }
    }

    /// Links made by one account, or every link when `accountId` is nil; newest first.
    public func shares(accountId: Int64?) async throws -> [ShareLink] {
        try await read { db in
            if let accountId {
                return try await db.rows(PostgresPeopleRows.shareSelect + " WHERE s.accountId = ? ORDER BY s.id DESC", [accountId])
                    .map(PostgresPeopleRows.share)
            }
            return try await db.rows(PostgresPeopleRows.shareSelect + " ORDER BY s.id DESC").map(PostgresPeopleRows.share)
        }
    }

    /// Revokes a link; with `accountId`, only if that account made it. Returns whether one was removed.
    @discardableResult
    public func deleteShare(id: Int64, accountId: Int64?) async throws -> Bool {
        try await write { db in
            try await db.changes("DELETE FROM shareLink WHERE id = ? AND (?::bigint IS NULL OR accountId = ?)",
                                 [id, accountId, accountId]) == 1
        }
    }

    /// Lets an album's link add this many more photos (0 stops it; less than 0 counts as 0).
    /// Links to anything but an album are left as they are.
    public func setShareUploads(id: Int64, count: Int) async throws {
        try await write { db in
            try await db.execute("UPDATE shareLink SET uploadsLeft = ? WHERE id = ? AND kind = 'album'", [max(0, count), id])
        }
    }

    /// Takes up to `count` of a link's remaining uploads at once; returns how many it got (0 for
    /// an unknown link). The count is read and lowered in one write, and the row is locked while
    /// it is, so calls made at the same time never hand out more than remain.
    /// Gives back uploads taken and not used.
    public func returnShareUploads(id: Int64, count: Int) async throws {
        try await write { db in
            try await db.execute("UPDATE shareLink SET uploadsLeft = uploadsLeft + ? WHERE id = ? AND kind = 'album'", [max(0, count), id])
        }
    }

    public func takeShareUploads(id: Int64, count: Int) async throws -> Int {
        try await write { db in
            let left = try await db.int("SELECT uploadsLeft FROM shareLink WHERE id = ? FOR UPDATE", [id]) ?? 0
            let taken = min(Int(left), max(0, count))
            try await db.execute("UPDATE shareLink SET uploadsLeft = uploadsLeft - ? WHERE id = ?", [taken, id])
            return taken
        }
    }

    /// Sets (or with nil, removes) the password a link asks for, as a bcrypt hash.
    public func setSharePassword(id: Int64, passwordHash: String?) async throws {
        try await write { db in
            try await db.execute("UPDATE shareLink SET passwordHash = ? WHERE id = ?", [passwordHash, id])
        }
    }
}
