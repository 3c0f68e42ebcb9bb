import Foundation

/// Sign-in sessions, in both catalogs: rows looked up by the hash of their token, kept so they
/// survive a restart, with live ones held in the session cache so a signed-in request reads
/// nothing from the database (with PostgreSQL, what ends a session here ends it on every instance).
extension SessionStore where Self: SQLCatalog {
    /// Records a new session for an account.
    public func createSession(tokenHash: String, accountId: Int64, expiresAt: Int64, now: Int64) async throws {
        try await core.database.write { db in
            try await db.execute("""
                INSERT INTO session (tokenHash, accountId, createdAt, expiresAt, lastSeenAt) VALUES (?, ?, ?, ?, ?)
                """, [tokenHash, accountId, now, expiresAt, now])
        }
    }

    /// The account behind a live session made after `madeAfter` (its absolute lifetime), with
    /// when the session was last seen.
    public func session(tokenHash: String, now: Int64, madeAfter: Int64) async throws -> (account: Account, lastSeenAt: Int64)? {
        let cache = core.sessionCache
        if let cached = cache.lookup(tokenHash, now: now, madeAfter: madeAfter) { return cached }
        let generation = cache.generation
        let found = try await core.database.read { db -> SessionCache.Entry? in
            guard let row = try await db.row("""
                SELECT \(PeopleRows.accountColumns("a")), s.lastSeenAt, s.createdAt AS sessionCreatedAt, s.expiresAt
                FROM session s JOIN account a ON a.id = s.accountId
                WHERE s.tokenHash = ? AND s.expiresAt > ? AND s.createdAt > ?
                """, [tokenHash, now, madeAfter]) else { return nil }
            return SessionCache.Entry(account: try PeopleRows.account(row), lastSeenAt: try row.int("lastSeenAt"),
                                      createdAt: try row.int("sessionCreatedAt"), expiresAt: try row.int("expiresAt"),
                                      readAt: now, generation: generation)
        }
        guard let found else { return nil }
        cache.keep(tokenHash, found)
        return (found.account, found.lastSeenAt)
    }

    /// Slides a session's expiry forward (called at most now and then, not on every request).
    public func touchSession(tokenHash: String, expiresAt: Int64, now: Int64) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE session SET lastSeenAt = ?, expiresAt = ? WHERE tokenHash = ?", [now, expiresAt, tokenHash])
        }
        core.sessionCache.forget(tokenHash)
    }

    /// Ends one session (sign out).
    public func deleteSession(tokenHash: String) async throws {
        try await core.database.write { db in try await db.execute("DELETE FROM session WHERE tokenHash = ?", [tokenHash]) }
        core.sessionCache.forget(tokenHash)
    }

    /// Forgets sessions that have expired.
    public func purgeExpiredSessions(now: Int64) async throws {
        try await core.database.write { db in try await db.execute("DELETE FROM session WHERE expiresAt <= ?", [now]) }
        core.sessionCache.invalidateAll()
    }
}
