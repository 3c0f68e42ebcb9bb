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
    /// What the shared store logic runs on (`CatalogCore`).
    public let core: CatalogCore
    /// `pool` as the shared logic and the store's own GRDB code use it, under one write lock.
    let database: SQLiteDatabase
    /// Live sessions, so a signed-in request reads no SQLite (`SessionCache`).
    let sessionCache = SessionCache()
    /// Where the catalog says what it could not do (bytes the trash could not destroy, say).
    let logger = Logger(label: "photolala.catalog")

    /// Opens (creating and migrating when needed) the catalog at `path`, checked as `check` says.
    public convenience init(path: String, check: CatalogCheck = .beforeOpening) throws {
        try self.init(path: path, steps: CatalogSchema.steps, check: check)
    }

    /// Opens the catalog at `path`, brought to `steps` (the tests' upgrades name their own).
    convenience init(path: String, steps: [SchemaStep], check: CatalogCheck = .beforeOpening) throws {
        // The catalog holds password hashes and private captions: its file and SQLite's journal
        // beside it (which SQLite makes with the catalog's own mode) are the server's user's alone.
        try OwnerOnly.create(path, alongside: ["-wal", "-shm", "-journal"])
        if let damage = CatalogIntegrity.headerDamage(path: path) { throw damage }
        do {
            let pool = try DatabasePool(path: path, configuration: Self.configuration())
            // GRDB's pool sets its writer to `synchronous = NORMAL` (WAL mode's usual choice) after
            // `prepareDatabase` has set FULL; until a scan's batch set it back, a favorite or a
            // rating was acknowledged before it reached the disk.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            try self.init(writer: pool, path: path, steps: steps, check: check)
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw CatalogIntegrity.damaged(path, "SQLite: \(error.message ?? "not a database")")
        }
    }

    /// A new, empty catalog held in memory, gone when the store is (for tests and tools).
    public static func inMemory() throws -> CatalogStore {
        try CatalogStore(writer: DatabaseQueue(configuration: configuration()), path: ":memory:")
    }

    /// Checks and migrates the catalog behind `writer`; `path` names it in messages and places backups beside it.
    init(writer: any DatabaseWriter, path: String, steps: [SchemaStep] = CatalogSchema.steps, check: CatalogCheck = .beforeOpening) throws {
        self.path = path
        pool = writer
        // A damaged file is refused, never "repaired" into an empty catalog: nothing writes to it
        // before SQLite's check of every page has passed, and no schema step is taken before it.
        let later = try check == .whileServing && path != ":memory:" && !Self.hasStepsToTake(writer, steps: steps)
        let integrity: CatalogIntegrity = later ? .checking() : .whole()
        database = SQLiteDatabase(writer: writer, integrity: integrity)
        core = CatalogCore(database: database, sessionCache: sessionCache, logger: logger, place: (path as NSString).deletingLastPathComponent)
        if later {
            integrity.checkInBackground(writer, path: path)
        } else if let damage = CatalogIntegrity.check(writer, path: path) {
            throw damage
        }
        try Self.upgrade(writer, path: path, steps: steps)
    }

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // The shared logic's transactions span several accesses, under the write lock (`SQLiteDatabase`).
        config.allowsUnsafeTransactions = true
        config.busyMode = .timeout(10)
        // Twice as many readers as cores, and two more: a pass over every photo (a count, a
        // rescan's look at the files it knows, a page index) holds its reader for a second at a
        // million, and with a reader a core, pages queued behind two of them at a start. Each
        // reader keeps the catalog's files open and a page cache of its own (2 MB at most).
        config.maximumReaderCount = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount) + 2
        config.prepareDatabase { db in
            // Curation writes must survive a power cut once acknowledged.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // The writer's page cache holds the indexes a scan's batch touches all over (SQLite's
            // default is 2 MB): 4% off a cold scan of 100,000 files, for 16 MB at most. Readers keep the default.
            // Its temporary storage is a file, which SQLite keeps in that cache until it outgrows it:
            // making an index sorts every row of a table (`restoreSetAside`), which in memory held
            // 109 MB at a million files where a file takes 38 MB, in the same time. Readers' sorts are small.
            if db.configuration.readonly {
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
            } else {
                try db.execute(sql: "PRAGMA cache_size = -16384")
                try db.execute(sql: "PRAGMA temp_store = FILE")
            }
        }
        return config
    }

    /// Opens the catalog `catalog.sqlite` inside a data folder, creating the folder.
    public static func open(dataFolder: String, check: CatalogCheck = .beforeOpening) throws -> CatalogStore {
        try OwnerOnly.folder(dataFolder)
        return try CatalogStore(path: (dataFolder as NSString).appendingPathComponent("catalog.sqlite"), check: check)
    }

    /// Runs `value` in one GRDB read transaction (`SQLiteDatabase.read`).
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await database.read(value)
    }

    /// Runs `updates` in one GRDB write transaction, under the write lock (`SQLiteDatabase.write`).
    func write<T: Sendable>(waitingForDisk: Bool = true, _ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await database.write(waitingForDisk: waitingForDisk, updates)
    }

    /// Marks that what readers see has changed.
    func bumpVersion() { core.changed() }
}
