import Foundation
import ServiceLifecycle

/// What a PostgreSQL catalog does its own way: its scan lock and its backups.
extension PostgresCatalog: PhotoCatalog {
    /// The advisory lock a scanning instance holds for the length of its scan.
    static let scanLock: Int64 = 0x7068_6f74_6f6c_0003

    /// Shared by several instances: failed sign-ins are counted here, where each sees them; it is
    /// backed up with PostgreSQL's own tools, and is no file.
    public var capabilities: CatalogCapabilities {
        CatalogCapabilities(sharedSignInThrottle: self, file: nil, backup: nil, service: Lifecycle(catalog: self))
    }

    /// The catalog's part of a server's service group: it hears the other instances until the
    /// group shuts down, then closes the catalog's connections. The client itself starts as the
    /// catalog connects, since migrations and the command-line tools need it before any group runs.
    struct Lifecycle: Service {
        let catalog: PostgresCatalog

        func run() async throws {
            await cancelWhenGracefulShutdown { await catalog.listen() }
            catalog.close()
        }
    }

    /// Does nothing: a PostgreSQL catalog is backed up with the server's own tools (`pg_dump`,
    /// continuous archiving), which see every instance's writes.
    public func dailyBackup(now: Date, keep: Int) async throws {}

    /// Runs `scan` while holding the catalog's scan lock on a connection of its own, or returns
    /// false at once when another instance holds it. The server drops the lock with the
    /// connection, so an instance that dies mid-scan never blocks the others' scans.
    public func exclusiveScan(_ scan: @Sendable () async throws -> Void) async throws -> Bool {
        try await client.withConnection { connection in
            let db = PostgresSession(connection: connection, logger: logger)
            guard try await db.row("SELECT pg_try_advisory_lock(?)", [Self.scanLock]).map({ try $0.bool(0) }) == true else { return false }
            do {
                try await scan()
            } catch {
                _ = try? await db.execute("SELECT pg_advisory_unlock(?)", [Self.scanLock])
                throw error
            }
            try await db.execute("SELECT pg_advisory_unlock(?)", [Self.scanLock])
            return true
        }
    }

    /// Settles moves another instance left, past the same grace as at a start: an instance that
    /// stopped mid-move may never start again, and the moves it left would otherwise wait for one that does.
    public func settleAbandonedTrashMoves(source: any PhotoSource) async throws -> Int {
        try await recoverTrashMoves(source: source)
    }
}
