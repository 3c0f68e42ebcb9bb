import Foundation
import Logging
import PostgresNIO
import Synchronization

/// What one instance tells the others sharing its PostgreSQL catalog, through NOTIFY on the
/// channel `photolala`: that what readers see changed (so page and count caches keyed on
/// `version` start again), and that sessions or accounts changed (so a sign-out, a new password
/// or a removed account ends those sessions on every instance at once, not after the session
/// cache's few seconds), and which pictures' renditions must go (each instance keeps copies).
///
/// A payload is `instance:what`, where `what` is `catalog`, `sessions`, `session:HASH` or
/// `renditions:HASH,HASH,…`; an
/// instance ignores its own. While the listening connection is down nothing is heard, so on
/// every (re)connection everything is taken as changed.
final class CatalogBroadcast: Sendable {
    static let channel = "photolala"
    /// This process's name among the instances, in payloads.
    let instance = String(UUID().uuidString.prefix(8)).lowercased()
    private let client: PostgresClient
    private let logger: Logger
    /// Set when the catalog closes: a message that could not go out then is not worth a warning.
    let stopped = Atomic<Bool>(false)

    init(client: PostgresClient, logger: Logger) { (self.client, self.logger) = (client, logger) }

    /// Sends `what` to the other instances, without waiting: the change it announces is committed.
    func send(_ what: String) {
        let payload = instance + ":" + what
        Task { [client, logger, self] in
            do {
                try await client.query(PostgresSession.query("SELECT pg_notify(?, ?)", [Self.channel, payload]))
            } catch where self.stopped.load(ordering: .acquiring) {
                // The catalog was closed (a command ending, a test done) before this went out.
            } catch {
                logger.warning("could not tell the other instances of a change", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Listens until cancelled, reconnecting after a pause when the connection drops, and hands
    /// every other instance's `what` to `heard`; `heard("*")` when (re)connected.
    func listen(_ heard: @escaping @Sendable (String) -> Void) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        heard("*")
                        for try await notification in notifications {
                            guard let colon = notification.payload.firstIndex(of: ":"),
                                  notification.payload[..<colon] != instance else { continue }
                            heard(String(notification.payload[notification.payload.index(after: colon)...]))
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("lost the connection that hears other instances' changes; trying again", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}

/// The session cache of a shared catalog: the same calls as `SessionCache`, and every
/// invalidation also told to the other instances (`CatalogBroadcast`).
final class SharedSessionCache: SessionCaching {
    let local = SessionCache()
    private let broadcast: CatalogBroadcast

    init(broadcast: CatalogBroadcast) { self.broadcast = broadcast }

    var generation: Int { local.generation }

    func invalidateAll() {
        local.invalidateAll()
        broadcast.send("sessions")
    }

    func forget(_ tokenHash: String) {
        local.forget(tokenHash)
        broadcast.send("session:" + tokenHash)
    }

    func lookup(_ tokenHash: String, now: Int64, madeAfter: Int64) -> (account: Account, lastSeenAt: Int64)? {
        local.lookup(tokenHash, now: now, madeAfter: madeAfter)
    }

    func keep(_ tokenHash: String, _ entry: SessionCache.Entry) { local.keep(tokenHash, entry) }

    /// What another instance said, applied here without telling anyone.
    func heard(_ what: String) {
        if what == "sessions" || what == "*" {
            local.invalidateAll()
        } else if what.hasPrefix("session:") {
            local.forget(String(what.dropFirst("session:".count)))
        }
    }
}

/// Renditions that must go, told to every instance: each keeps its own copies in its data folder.
extension PostgresCatalog {
    /// How a message of renditions to forget starts: `renditions:HASH,HASH,…`.
    static let renditionsMessage = "renditions:"

    public func announceForgottenRenditions(_ hashes: Set<String>) {
        // A NOTIFY payload holds under 8,000 bytes: 100 hashes a message.
        let sorted = hashes.sorted()
        for start in stride(from: 0, to: sorted.count, by: 100) {
            broadcast.send(Self.renditionsMessage + sorted[start..<min(start + 100, sorted.count)].joined(separator: ","))
        }
    }

    public func forgottenRenditions() -> AsyncStream<Set<String>> { forgotten.stream }
}
