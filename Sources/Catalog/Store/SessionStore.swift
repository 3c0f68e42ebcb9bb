/// Sign-in sessions, kept so they survive a restart; looked up by the hash of their token.
public protocol SessionStore: Sendable {
    /// Records a new session for an account.
    func createSession(tokenHash: String, accountId: Int64, expiresAt: Int64, now: Int64) async throws
    /// The account behind a live session made after `madeAfter`, with when it was last seen.
    func session(tokenHash: String, now: Int64, madeAfter: Int64) async throws -> (account: Account, lastSeenAt: Int64)?
    /// Slides a session's expiry forward.
    func touchSession(tokenHash: String, expiresAt: Int64, now: Int64) async throws
    /// Ends one session (sign out).
    func deleteSession(tokenHash: String) async throws
    /// Forgets sessions that have expired.
    func purgeExpiredSessions(now: Int64) async throws
}

extension SessionStore {
    /// The account behind a live session, however old.
    public func session(tokenHash: String, now: Int64) async throws -> (account: Account, lastSeenAt: Int64)? {
        try await session(tokenHash: tokenHash, now: now, madeAfter: .min)
    }
}
