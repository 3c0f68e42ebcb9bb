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
    /// Held by every write, the shared logic's and the store's own, for the whole transaction.
    let lock = AsyncLock()
    /// Whether reads share the writer's connection (a catalog in memory), and so take the lock.
    let readsOnWriter: Bool
    /// Whether the file has passed its whole-file check; every write waits for it first.
    let integrity: CatalogIntegrity

    init(writer: any DatabaseWriter, integrity: CatalogIntegrity = .whole()) {
        self.writer = writer
        readsOnWriter = !(writer is DatabasePool)
        self.integrity = integrity
    }

    var dialect: SQLDialect { .sqlite }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        guard readsOnWriter else { return try await body(SQLiteSession(writer: writer, access: .read)) }
        return try await lock.withLock { try await body(SQLiteSession(writer: writer, access: .read)) }
    }

    func snapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await lock.withLock { try await transaction("BEGIN DEFERRED", body) }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await integrity.passed()
        return try await Task { try await lock.withLock { try await transaction("BEGIN IMMEDIATE", body) } }.value
    }

    func writeBriefly<T: Sendable>(waitingForDisk: Bool, _ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await integrity.passed()
        return try await Task {
            try await lock.withLock {
                try await transaction("BEGIN IMMEDIATE", body, access: .inline, waitingForDisk: waitingForDisk)
            }
        }.value
    }

    /// Runs `value` in one GRDB read transaction on a reader queue and waits for it. The reader is
    /// taken, used and given back on GRDB's own queues: a request task never holds one across a
    /// suspension, so blocking reads elsewhere can never wait on a task that cannot run.
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        if readsOnWriter { await lock.lock() }
        defer { if readsOnWriter { lock.unlock() } }
        return try await withCheckedThrowingContinuation { continuation in
            writer.asyncRead { db in continuation.resume(with: Result { try value(db.get()) }) }
        }
    }

    /// Runs `updates` in one GRDB transaction on the writer queue, under the lock, and waits for
    /// it. Unlike GRDB's own async `write`, a write once asked for lands even if the calling task
    /// is cancelled: a scan stopping at shutdown still writes what it analysed.
    ///
    /// `waitingForDisk: false` commits without waiting for the disk (`synchronous = NORMAL` for
    /// this one transaction; the connection's other commits wait, `CatalogStore.configuration`).
    /// In WAL mode the catalog stays whole whatever happens; a power cut may lose this commit, and
    /// only until the next commit that waits, which takes it to the disk with its own. For what
    /// can be made again from the library, a scan's batches: a batch lost is read again at the
    /// next scan. At a million files a commit that waited cost the single writer a disk flush 500 times.
    func write<T: Sendable>(waitingForDisk: Bool = true, _ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await integrity.passed()
        await lock.lock()
        defer { lock.unlock() }
        return try await withCheckedThrowingContinuation { continuation in
            guard !waitingForDisk else {
                writer.asyncWrite(updates) { _, result in continuation.resume(with: result) }
                return
            }
            writer.asyncWriteWithoutTransaction { db in
                continuation.resume(with: Result {
                    try db.execute(sql: "PRAGMA synchronous = NORMAL")
                    defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
                    var value: T?
                    try db.inTransaction(.immediate) {
                        value = try updates(db)
                        return .commit
                    }
                    guard let value else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "a write gave nothing back") }
                    return value
                })
            }
        }
    }

    func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
    }

    /// Runs `body` between `begin` and COMMIT on the writer connection; the caller holds the lock.
    /// Unless `waitingForDisk`, the connection commits this one transaction with `synchronous =
    /// NORMAL` (in WAL mode: no flush), as the store's own `write(waitingForDisk:)` does.
    private func transaction<T: Sendable>(_ begin: String, _ body: @Sendable (any SQLSession) async throws -> T,
                                          access: SQLiteSession.Access = .write, waitingForDisk: Bool = true) async throws -> T {
        let session = SQLiteSession(writer: writer, access: access)
        guard !waitingForDisk else { return try await transaction(begin, body, on: session) }
        try await session.execute("PRAGMA synchronous = NORMAL", [])
        do {
            let value = try await transaction(begin, body, on: session)
            try await session.execute("PRAGMA synchronous = FULL", [])
            return value
        } catch {
            try? await session.execute("PRAGMA synchronous = FULL", [])
            throw error
        }
    }

    private func transaction<T: Sendable>(_ begin: String, _ body: @Sendable (any SQLSession) async throws -> T,
                                          on session: SQLiteSession) async throws -> T {
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
    /// `inline`: a write whose statements run on the calling thread (`writeBriefly`); the
    /// writer's queue is free, the catalog's write lock being held.
    enum Access { case read, write, inline }
    let writer: any DatabaseWriter
    let access: Access

    var dialect: SQLDialect { .sqlite }

    func run<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            switch access {
            case .read: writer.asyncRead { db in continuation.resume(with: Result { try work(db.get()) }) }
            case .write: writer.asyncWriteWithoutTransaction { db in continuation.resume(with: Result { try work(db) }) }
            case .inline: continuation.resume(with: Result { try writer.writeWithoutTransaction { db in try work(db) } })
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

    /// Reads the statement's columns where SQLite left them: a million rows in a tenth of the
    /// time `reduce` takes to make a row of each.
    func reduceKeys<T: Sendable>(_ sql: String, _ arguments: [any SQLArgument], text: Bool, into initial: T,
                                 _ update: @escaping @Sendable (inout T, Int64, () throws -> DatabaseValue) throws -> Void) async throws -> T {
        try await run { db in
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: Self.arguments(arguments))
            var value = initial
            while let row = try cursor.next() {
                guard let id = row[1] as Int64? else { throw SQLCatalogError(description: "a page index read a NULL id") }
                try update(&value, id) { row[0] as DatabaseValue }
            }
            return value
        }
    }

    /// Read as `reduceKeys` reads (GRDB's own `Int64.fetchAll` takes generic steps a row).
    func orderedIds(_ sql: String, _ arguments: [any SQLArgument]) async throws -> [Int64] {
        try await run { db in
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: Self.arguments(arguments))
            var ids: [Int64] = []
            while let row = try cursor.next() {
                guard let id = row[0] as Int64? else { throw SQLCatalogError(description: "a list of ids read a NULL") }
                ids.append(id)
            }
            return ids
        }
    }

    func pageStarts(value: String, id: String, _ from: String, descending: Bool, _ arguments: [any SQLArgument], text: Bool,
                    perPage: Int) async throws -> (starts: [(value: DatabaseValue, id: Int64)], total: Int) {
        try await reduceKeys("SELECT \(value), \(id) \(from) ORDER BY \(GroupSQL.order(value: value, id: id, descending: descending))",
                             arguments, text: text,
                             into: (starts: [(value: DatabaseValue, id: Int64)](), total: 0)) { fold, id, value in
            if fold.total % perPage == 0 { fold.starts.append((try value(), id)) }
            fold.total += 1
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
