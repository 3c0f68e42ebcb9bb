import Foundation
import GRDB

/// Read-only share links.
extension CatalogStore {
    /// Stores a new link; of its token only the hash is kept.
    @discardableResult
    public func createShare(token: String, accountId: Int64, kind: ShareLink.Kind, value: String, filter: String,
                            expiresAt: Int64?, now: Int64) async throws -> Int64 {
        let record = NewShareRecord(tokenHash: TokenHash.of(token), accountId: accountId, kind: kind, value: value, filter: filter,
                                    createdAt: now, expiresAt: expiresAt)
        return try await write { db in
            try record.insert(db)
            return db.lastInsertedRowID
        }
    }

    /// The link with this token, live or expired.
    public func share(token: String) async throws -> ShareLink? {
        try await read { db in
            try ShareRecord.fetchOne(db, sql: ShareRecord.select + " WHERE s.tokenHash = ?", arguments: [TokenHash.of(token)])?.link
        }
    }

    /// Links made by one account, or every link when `accountId` is nil; newest first.
    public func shares(accountId: Int64?) async throws -> [ShareLink] {
        try await read { db in
            if let accountId {
                return try ShareRecord.fetchAll(db, sql: ShareRecord.select + " WHERE s.accountId = ? ORDER BY s.id DESC", arguments: [accountId])
                    .map(\.link)
            }
            return try ShareRecord.fetchAll(db, sql: ShareRecord.select + " ORDER BY s.id DESC").map(\.link)
        }
    }

    /// Revokes a link; with `accountId`, only if that account made it. Returns whether one was removed.
    @discardableResult
    public func deleteShare(id: Int64, accountId: Int64?) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM shareLink WHERE id = ? AND (? IS NULL OR accountId = ?)",
                           arguments: [id, accountId, accountId])
            return db.changesCount == 1
        }
    }

    public func setShareUploads(id: Int64, count: Int) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE shareLink SET uploadsLeft = ? WHERE id = ? AND kind = 'album'", arguments: [max(0, count), id])
        }
    }

    public func returnShareUploads(id: Int64, count: Int) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE shareLink SET uploadsLeft = uploadsLeft + ? WHERE id = ? AND kind = 'album'", arguments: [max(0, count), id])
        }
    }

    public func takeShareUploads(id: Int64, count: Int) async throws -> Int {
        try await write { db in
            let left = try Int.fetchOne(db, sql: "SELECT uploadsLeft FROM shareLink WHERE id = ?", arguments: [id]) ?? 0
            let taken = min(left, max(0, count))
            try db.execute(sql: "UPDATE shareLink SET uploadsLeft = uploadsLeft - ? WHERE id = ?", arguments: [taken, id])
            return taken
        }
    }

    public func setSharePassword(id: Int64, passwordHash: String?) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE shareLink SET passwordHash = ? WHERE id = ?", arguments: [passwordHash, id])
        }
    }
}
