import Foundation
import GRDB

/// Sign-in sessions, kept in SQLite so they survive a restart; looked up by token hash.
extension CatalogStore {
    /// Records a new session for an account.
    public func createSession(tokenHash: String, accountId: Int64, expiresAt: Int64, now: Int64) async throws {
        let record = SessionRecord(tokenHash: tokenHash, accountId: accountId, createdAt: now, expiresAt: expiresAt, lastSeenAt: now)
        try await write { db in try record.insert(db) }
    }

    /// The account behind a live session made after `madeAfter` (its absolute lifetime), with
    /// when the session was last seen.
    public func session(tokenHash: String, now: Int64, madeAfter: Int64) async throws -> (account: Account, lastSeenAt: Int64)? {
        if let cached = sessionCache.lookup(tokenHash, now: now, madeAfter: madeAfter) { return cached }
        let generation = sessionCache.generation
        let found = try await read { db -> SessionCache.Entry? in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT a.id, a.name, a.role, a.createdAt, a.viewLayout, s.lastSeenAt, s.createdAt AS sessionCreatedAt, s.expiresAt
                FROM session s JOIN account a ON a.id = s.accountId
                WHERE s.tokenHash = ? AND s.expiresAt > ? AND s.createdAt > ?
                """, arguments: [tokenHash, now, madeAfter]) else { return nil }
            return SessionCache.Entry(account: AccountRecord(row: row).account, lastSeenAt: row["lastSeenAt"], createdAt: row["sessionCreatedAt"],
                                      expiresAt: row["expiresAt"], readAt: now, generation: generation)
        }
        guard let found else { return nil }
        sessionCache.keep(tokenHash, found)
        return (found.account, found.lastSeenAt)
    }

    /// Slides a session's expiry forward (called at most now and then, not on every request).
    public func touchSession(tokenHash: String, expiresAt: Int64, now: Int64) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE session SET lastSeenAt = ?, expiresAt = ? WHERE tokenHash = ?",
                           arguments: [now, expiresAt, tokenHash])
        }
        sessionCache.forget(tokenHash)
    }

    /// Ends one session (sign out).
    public func deleteSession(tokenHash: String) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [tokenHash]) }
        sessionCache.forget(tokenHash)
    }

    /// Forgets sessions that have expired.
    public func purgeExpiredSessions(now: Int64) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM session WHERE expiresAt <= ?", arguments: [now]) }
        sessionCache.invalidateAll()
    }
}
