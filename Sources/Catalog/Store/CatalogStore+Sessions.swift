import Foundation
import GRDB

/// Sign-in sessions, kept in SQLite so they survive a restart; looked up by token hash.
extension CatalogStore {
    /// Records a new session for an account.
    public func createSession(tokenHash: String, accountId: Int64, expiresAt: Int64, now: Int64) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT INTO session (tokenHash, accountId, createdAt, expiresAt, lastSeenAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [tokenHash, accountId, now, expiresAt, now])
        }
    }

    /// The account behind a live session made after `madeAfter` (its absolute lifetime), with
    /// when the session was last seen.
    public func session(tokenHash: String, now: Int64, madeAfter: Int64 = .min) throws -> (account: Account, lastSeenAt: Int64)? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT a.id, a.name, a.role, a.createdAt, s.lastSeenAt FROM session s JOIN account a ON a.id = s.accountId
                WHERE s.tokenHash = ? AND s.expiresAt > ? AND s.createdAt > ?
                """, arguments: [tokenHash, now, madeAfter]) else { return nil }
            return (Self.account(row), row[4])
        }
    }

    /// Slides a session's expiry forward (called at most now and then, not on every request).
    public func touchSession(tokenHash: String, expiresAt: Int64, now: Int64) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE session SET lastSeenAt = ?, expiresAt = ? WHERE tokenHash = ?",
                           arguments: [now, expiresAt, tokenHash])
        }
    }

    /// Ends one session (sign out).
    public func deleteSession(tokenHash: String) throws {
        try pool.write { db in try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [tokenHash]) }
    }

    /// Forgets sessions that have expired.
    public func purgeExpiredSessions(now: Int64) throws {
        try pool.write { db in try db.execute(sql: "DELETE FROM session WHERE expiresAt <= ?", arguments: [now]) }
    }
}
