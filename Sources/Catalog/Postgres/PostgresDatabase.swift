import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL catalog as the shared logic sees it (`SQLDatabase`). Every write is one
/// transaction that first takes the catalog's write lock (a transaction-level advisory lock),
/// so writes are serialised across every instance as SQLite's single writer serialises them in
/// one process; reads run beside them on the pool's other connections.
struct PostgresDatabase: SQLDatabase {
    let client: PostgresClient
    let logger: Logger

    /// The advisory lock every write transaction takes (`pg_advisory_xact_lock`).
    static let writeLock: Int64 = 0x7068_6f74_6f6c_0001

    var dialect: SQLDialect { .postgres }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await connection { try await body($0) }
    }

    func snapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", lock: nil) { try await body($0) }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await lockedWrite { try await body($0) }
    }

    /// A write as any other (each statement is a round trip either way); unless `waitingForDisk`,
    /// its commit does not wait for the server's log flush (`synchronous_commit = off` for this
    /// transaction alone), as a scan's batches commit.
    func writeBriefly<T: Sendable>(waitingForDisk: Bool, _ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await lockedWrite { db in
            if !waitingForDisk { try await db.execute("SET LOCAL synchronous_commit = off", []) }
            return try await body(db)
        }
    }

    /// One transaction holding the catalog's write lock, in a task of its own, so a write once
    /// asked for lands even if the calling task is cancelled.
    func lockedWrite<T: Sendable>(_ updates: @escaping @Sendable (PostgresSession) async throws -> T) async throws -> T {
        try await lockedWrite(.alone, updates)
    }

    /// How a transaction holds the catalog's write lock.
    enum WriteLock {
        /// As every write holds it: no other write of any instance runs meanwhile.
        case alone
        /// Shared with the other batches of the one scan that loads an empty catalog
        /// (`ScanBookkeeping.applyInBulk`), and with nothing else: every other write waits for
        /// them, as they wait for it.
        case withTheScansOtherBatches
    }

    /// `lockedWrite`, holding the lock as `lock` says.
    func lockedWrite<T: Sendable>(_ lock: WriteLock, _ updates: @escaping @Sendable (PostgresSession) async throws -> T) async throws -> T {
        try await Task { try await transaction("BEGIN", lock: lock, updates) }.value
    }

    func isUniqueViolation(_ error: any Error) -> Bool { PostgresCatalog.isUniqueViolation(error) }

    /// Runs `body` on a connection of the pool, outside a transaction.
    func connection<T: Sendable>(_ body: @Sendable (PostgresSession) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(PostgresSession(connection: connection, logger: logger))
        }
    }

    /// Runs `body` between `begin` and COMMIT, first taking the write lock as `lock` says (nil: not at all).
    func transaction<T: Sendable>(_ begin: String, lock: WriteLock?, _ body: @Sendable (PostgresSession) async throws -> T) async throws -> T {
        try await connection { db in
            try await db.execute(begin, [])
            do {
                switch lock {
                case nil: break
                case .alone: try await db.execute("SELECT pg_advisory_xact_lock(?)", [Self.writeLock])
                case .withTheScansOtherBatches: try await db.execute("SELECT pg_advisory_xact_lock_shared(?)", [Self.writeLock])
                }
                let value = try await body(db)
                try await db.execute("COMMIT", [])
                return value
            } catch {
                try? await db.execute("ROLLBACK", [])
                throw error
            }
        }
    }
}
