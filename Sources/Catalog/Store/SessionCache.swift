import Synchronization

/// Live sessions as the catalog last read them, so that a signed-in request costs no SQLite
/// read. An entry answers only while the catalog's account generation is the one it was read
/// at (any sign-out, password, role, layout or account change in this process moves it on) and
/// for at most `lifetime` seconds, which bounds what a change made by another process (the
/// `users` command) takes to be seen. Its session's own expiry and age are checked as the query
/// checks them.
final class SessionCache: SessionCaching {
    struct Entry {
        var account: Account
        var lastSeenAt: Int64
        var createdAt: Int64
        var expiresAt: Int64
        var readAt: Int64
        var generation: Int
    }

    /// Seconds an entry may answer without the catalog being asked again.
    static let lifetime: Int64 = 5
    /// Entries kept; past it the cache starts again empty.
    static let capacity = 10_000

    private let entries = Mutex<[String: Entry]>([:])
    private let generationCounter = Atomic<Int>(0)

    var generation: Int { generationCounter.load(ordering: .acquiring) }

    /// Every entry stops answering.
    func invalidateAll() { generationCounter.add(1, ordering: .releasing) }

    func forget(_ tokenHash: String) { _ = entries.withLock { $0.removeValue(forKey: tokenHash) } }

    func lookup(_ tokenHash: String, now: Int64, madeAfter: Int64) -> (account: Account, lastSeenAt: Int64)? {
        let generation = self.generation
        return entries.withLock { entries -> (account: Account, lastSeenAt: Int64)? in
            guard let entry = entries[tokenHash] else { return nil }
            guard entry.generation == generation, now >= entry.readAt, now - entry.readAt < Self.lifetime else {
                entries.removeValue(forKey: tokenHash)
                return nil
            }
            guard entry.expiresAt > now, entry.createdAt > madeAfter else { return nil }
            return (entry.account, entry.lastSeenAt)
        }
    }

    func keep(_ tokenHash: String, _ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[tokenHash] = entry
        }
    }
}
