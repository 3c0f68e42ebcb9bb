import Foundation
import GRDB
import Logging
import Synchronization

/// The SQLite catalog: file rows, photo rows and folder aggregates, behind one database writer.
///
/// Every method pages and commands call is `async` and runs its SQLite work on GRDB's own
/// dispatch queues, never on a request task.
public final class CatalogStore: SQLCatalog {
    /// The underlying GRDB writer: a pool in WAL mode on disk (readers never block the writer),
    /// or a queue in memory. Only the store's own files reach it.
    let pool: any DatabaseWriter
    /// The catalog file's path.
    public let path: String
    /// What the shared store logic runs on (`CatalogCore`); its database is `SQLiteDatabase` on `pool`.
    public let core: CatalogCore
    /// Held by every write, the shared logic's and the store's own, for the whole transaction.
    let writeLock = AsyncLock()
    /// Live sessions, so a signed-in request reads no SQLite (`SessionCache`).
    let sessionCache = SessionCache()
    /// Where the catalog says what it could not do (bytes the trash could not destroy, say).
    let logger = Logger(label: "photolala.catalog")
    /// Whether reads share the writer's one connection (a catalog in memory), and so take the write lock.
    private let readsOnWriter: Bool

    /// Opens (creating and migrating when needed) the catalog at `path`.
    public convenience init(path: String) throws {
        do {
            try self.init(writer: DatabasePool(path: path, configuration: Self.configuration()), path: path)
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw CatalogError.damaged(path: path, reason: "SQLite: \(error.message ?? "not a database")", newestBackup: Self.newestBackup(forCatalog: path))
        }
    }

    /// A new, empty catalog held in memory, gone when the store is (for tests and tools).
    public static func inMemory() throws -> CatalogStore {
        try CatalogStore(writer: DatabaseQueue(configuration: configuration()), path: ":memory:")
    }

    /// Checks and migrates the catalog behind `writer`; `path` names it in messages and places backups beside it.
    init(writer: any DatabaseWriter, path: String) throws {
        self.path = path
        pool = writer
        let readsOnWriter = !(writer is DatabasePool)
        core = CatalogCore(database: SQLiteDatabase(writer: writer, lock: writeLock, readsOnWriter: readsOnWriter),
                           sessionCache: sessionCache, logger: logger, place: (path as NSString).deletingLastPathComponent)
        self.readsOnWriter = readsOnWriter
        // A quick structural check before anything writes: a damaged file is refused, never "repaired" into an empty catalog.
        let verdict = try writer.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
        guard verdict == ["ok"] else {
            throw CatalogError.damaged(path: path, reason: verdict.joined(separator: "; "), newestBackup: Self.newestBackup(forCatalog: path))
        }
        try CatalogMigrations.migrator.migrate(writer)
    }

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // The shared logic's transactions span several accesses, under the write lock (`SQLiteDatabase`).
        config.allowsUnsafeTransactions = true
        config.busyMode = .timeout(10)
        // As many readers as cores: more cannot run at once, and each keeps the catalog's files open.
        config.maximumReaderCount = max(2, ProcessInfo.processInfo.activeProcessorCount)
        config.prepareDatabase { db in
            // Curation writes must survive a power cut once acknowledged.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // The writer's page cache holds the indexes a scan's batch touches all over (SQLite's
            // default is 2 MB): 4% off a cold scan of 100,000 files, for 16 MB at most. Readers keep the default.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -16384") }
        }
        return config
    }

    /// Opens the catalog `catalog.sqlite` inside a data folder, creating the folder.
    public static func open(dataFolder: String) throws -> CatalogStore {
        try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
        return try CatalogStore(path: (dataFolder as NSString).appendingPathComponent("catalog.sqlite"))
    }

    /// Grows whenever visible catalog content changes; caches key on it.
    public var version: Int { core.version }

    /// Runs `value` in a read transaction on one of GRDB's reader queues and waits for it. The
    /// reader is taken, used and given back on GRDB's own queues: a request task never holds one
    /// across a suspension, so blocking reads elsewhere can never wait on a task that cannot run.
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        if readsOnWriter { await writeLock.lock() }
        defer { if readsOnWriter { writeLock.unlock() } }
        return try await withCheckedThrowingContinuation { continuation in
            pool.asyncRead { db in continuation.resume(with: Result { try value(db.get()) }) }
        }
    }

    /// Runs `updates` in one transaction on GRDB's writer queue and waits for it. Unlike GRDB's
    /// own async `write`, a write once asked for lands even if the calling task is cancelled:
    /// a scan stopping at shutdown still writes what it analysed, and a form whose sender
    /// went away is still recorded.
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        await writeLock.lock()
        defer { writeLock.unlock() }
        return try await withCheckedThrowingContinuation { continuation in
            pool.asyncWrite(updates) { _, result in continuation.resume(with: result) }
        }
    }

    /// Marks that what readers see has changed.
    func bumpVersion() { core.changed() }
}
