import Foundation
import GRDB

/// The SQLite catalog as the shared logic sees it (`SQLDatabase`). A write takes the catalog's
/// write lock, then runs its statements one GRDB access at a time on the writer connection
/// between `BEGIN IMMEDIATE` and `COMMIT`, so a transaction spans awaits without blocking a
/// thread; the store's own GRDB writes take the same lock (`CatalogStore.write`). Reads run on
/// the pool's readers beside them. A catalog in memory has one connection for both, so there
/// every access takes the lock.
struct SQLiteDatabase: SQLDatabase {
    let writer: any DatabaseWriter
    let lock: AsyncLock
    /// Whether reads share the writer's connection (a catalog in memory).
    let readsOnWriter: Bool

    var dialect: SQLDialect { .sqlite }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        guard readsOnWriter else { return try await body(SQLiteSession(writer: writer, access: .read)) }
        return try await lock.withLock { try await body(SQLiteSession(writer: writer, access: .read)) }
    }

    func snapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await lock.withLock { try await transaction("BEGIN DEFERRED", body) }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await Task { try await lock.withLock { try await transaction("BEGIN IMMEDIATE", body) } }.value
    }

    func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
    }

    /// Runs `body` between `begin` and COMMIT on the writer connection; the caller holds the lock.
    private func transaction<T: Sendable>(_ begin: String, _ body: @Sendable (any SQLSession) async throws -> T) async throws -> T {
        let session = SQLiteSession(writer: writer, access: .write)
        try await session.execute(begin, [])
        do {
            let value = try await body(session)
            try await session.execute("COMMIT", [])
            return value
        } catch {
            try? await session.run { db in if db.isInsideTransaction { try db.rollback() } }
            throw error
        }
    }
}

/// Statements on the SQLite catalog, each one GRDB access (`SQLiteDatabase`).
struct SQLiteSession: SQLSession {
    enum Access { case read, write }
    let writer: any DatabaseWriter
    let access: Access

    var dialect: SQLDialect { .sqlite }

    func run<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            switch access {
            case .read: writer.asyncRead { db in continuation.resume(with: Result { try work(db.get()) }) }
            case .write: writer.asyncWriteWithoutTransaction { db in continuation.resume(with: Result { try work(db) }) }
            }
        }
    }

    func execute(_ sql: String, _ arguments: [any SQLArgument]) async throws {
        try await run { db in try db.execute(sql: sql, arguments: Self.arguments(arguments)) }
    }

    func changes(_ sql: String, _ arguments: [any SQLArgument]) async throws -> Int {
        try await run { db in
            try db.execute(sql: sql, arguments: Self.arguments(arguments))
            return db.changesCount
        }
    }

    func rows(_ sql: String, _ arguments: [any SQLArgument]) async throws -> [SQLRow] {
        try await run { db in
            let statement = try db.cachedStatement(sql: sql)
            let columns = SQLiteColumns(statement.columnNames)
            let cursor = try Row.fetchCursor(statement, arguments: Self.arguments(arguments))
            var out: [SQLRow] = []
            while let row = try cursor.next() { out.append(SQLRow(columns: columns, values: Array(row.databaseValues))) }
            return out
        }
    }

    func reduce<T: Sendable>(_ sql: String, _ arguments: [any SQLArgument], into initial: T,
                             _ update: @escaping @Sendable (inout T, SQLRow) throws -> Void) async throws -> T {
        try await run { db in
            let statement = try db.cachedStatement(sql: sql)
            let columns = SQLiteColumns(statement.columnNames)
            let cursor = try Row.fetchCursor(statement, arguments: Self.arguments(arguments))
            var value = initial
            while let row = try cursor.next() { try update(&value, SQLRow(columns: columns, values: Array(row.databaseValues))) }
            return value
        }
    }

    static func arguments(_ arguments: [any SQLArgument]) -> StatementArguments {
        StatementArguments(arguments.map { argument -> DatabaseValue in
            switch argument.sqlValue {
            case .null: .null
            case .integer(let value): value.databaseValue
            case .real(let value): value.databaseValue
            case .text(let value): value.databaseValue
            case .integers, .texts: argument.sqlValue.jsonList.databaseValue
            }
        })
    }
}
