import Foundation
import GRDB

/// Read-only share links.
extension CatalogStore {
    /// Stores a new link; of its token only the hash is kept.
    @discardableResult
    public func createShare(token: String, accountId: Int64, kind: ShareLink.Kind, value: String, filter: String,
                            expiresAt: Int64?, now: Int64) throws -> Int64 {
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO shareLink (tokenHash, accountId, kind, value, filter, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [TokenHash.of(token), accountId, kind.rawValue, value, filter, now, expiresAt])
            return db.lastInsertedRowID
        }
    }

    /// The link with this token, live or expired.
    public func share(token: String) throws -> ShareLink? {
        try pool.read { db in
            try Row.fetchOne(db, sql: Self.shareSelect + " WHERE s.tokenHash = ?", arguments: [TokenHash.of(token)]).map(Self.share)
        }
    }

    /// Links made by one account, or every link when `accountId` is nil; newest first.
    public func shares(accountId: Int64?) throws -> [ShareLink] {
        try pool.read { db in
            if let accountId {
                return try Row.fetchAll(db, sql: Self.shareSelect + " WHERE s.accountId = ? ORDER BY s.id DESC", arguments: [accountId])
                    .map(Self.share)
            }
            return try Row.fetchAll(db, sql: Self.shareSelect + " ORDER BY s.id DESC").map(Self.share)
        }
    }

    /// Revokes a link; with `accountId`, only if that account made it. Returns whether one was removed.
    @discardableResult
    public func deleteShare(id: Int64, accountId: Int64?) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM shareLink WHERE id = ? AND (? IS NULL OR accountId = ?)",
                           arguments: [id, accountId, accountId])
            return db.changesCount == 1
        }
    }

    private static let shareSelect = """
        SELECT s.id, s.tokenHash, s.accountId, a.name, s.kind, s.value, s.filter, s.createdAt, s.expiresAt
        FROM shareLink s JOIN account a ON a.id = s.accountId
        """

    private static func share(_ row: Row) -> ShareLink {
        ShareLink(id: row[0], tokenHash: row[1], accountId: row[2], ownerName: row[3], kind: ShareLink.Kind(rawValue: row[4]) ?? .search,
                  value: row[5], filter: row[6], createdAt: row[7], expiresAt: row[8])
    }
}
