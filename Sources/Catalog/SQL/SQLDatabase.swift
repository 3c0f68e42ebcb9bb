import Foundation
import Logging
import Synchronization

/// A catalog database in either dialect, as the shared logic uses it: reads, snapshots and
/// writes, each handed one `SQLSession`. `SQLiteDatabase` and `PostgresDatabase` adopt it.
protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }
    /// Runs `body` where each statement sees what was committed when it began.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T
    /// Runs `body` in one read transaction that sees one state of the catalog throughout.
    func snapshot<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T
    /// Runs `body` in one write transaction, serialised with every other write to the catalog.
    /// A write once asked for lands even if the calling task is cancelled.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T
    /// As `write`, for a transaction of a few statements that are each quick (rows found down an
    /// index): SQLite runs each on the calling thread instead of handing it to its writer's
    /// queue and back, two thread switches a statement that are most of such a write's time
    /// while the cores are busy. Never for a statement that may run long, since it holds one of
    /// the pool's threads meanwhile.
    ///
    /// `waitingForDisk: false` commits without waiting for the disk, for a write whose caller
    /// commits one that waits right after it, which takes this one to the disk with it (a write
    /// ahead of it in the log cannot outlive it); a power cut before that loses both together.
    func writeBriefly<T: Sendable>(waitingForDisk: Bool, _ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T
    /// Whether `error` is the database refusing a row because another row has the same unique value.
    func isUniqueViolation(_ error: any Error) -> Bool
}

extension SQLDatabase {
    /// A brief write that waits for the disk, as every write does unless it says otherwise.
    func writeBriefly<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> T) async throws -> T {
        try await writeBriefly(waitingForDisk: true, body)
    }
}

/// The part of a catalog that is the same in both dialects: its database, what grows when its
/// content changes, its session cache and its log. The store logic written once
/// (`Catalog/Shared`) runs on this; each catalog holds one.
public final class CatalogCore: Sendable {
    let database: any SQLDatabase
    let sessionCache: any SessionCaching
    let logger: Logger
    /// Where the catalog lives as messages name it: a SQLite catalog's data folder, a database's address.
    let place: String
    /// How old a trash move in progress must be before a start settles it: with several
    /// processes, a younger one may be another's, still going. Zero for a catalog one process uses.
    let trashMoveGrace: Duration
    /// Tag counts feed every filter form; they change only with the catalog.
    let tagCountsCache = SightedCaches<[TagCount]>()
    /// The pictures whose every file is in the trash, which every thumbnail request asks about.
    let onlyInTrashCache = VersionedCache<Set<String>>()
    /// Who holds what privately, which every request that shows photos asks.
    let privateIndexCache = VersionedCache<PrivateIndex>()
    /// Each group's page starts, per sort and catalog version.
    let pageIndexCache = PageIndexCache()
    /// Folder summaries, which every folder page asks for before it looks in the page cache.
    let folderCache = FolderSummaryCache()
    private let versionCounter = Atomic<Int>(0)
    /// Tells the catalog's other processes that content changed (PostgreSQL's broadcast).
    private let announce: @Sendable () -> Void

    init(database: any SQLDatabase, sessionCache: any SessionCaching, logger: Logger, place: String,
         trashMoveGrace: Duration = .zero, announce: @escaping @Sendable () -> Void = {}) {
        (self.database, self.sessionCache, self.logger, self.place, self.announce) = (database, sessionCache, logger, place, announce)
        self.trashMoveGrace = trashMoveGrace
    }

    var dialect: SQLDialect { database.dialect }

    /// Grows whenever visible catalog content changes; caches key on it.
    var version: Int { versionCounter.load(ordering: .acquiring) }

    /// Marks that what readers see has changed, here and (unless `announcing` is false, as for
    /// a change heard from another process) on the catalog's other processes.
    func changed(announcing: Bool = true) {
        versionCounter.add(1, ordering: .releasing)
        if announcing { announce() }
    }

    /// Grows whenever the look-alikes measured in the background change (`recordLikeness`).
    /// Only the Similar collection shows them, so only its caches key on it: at a million
    /// photos, a change of the whole catalog's version a batch of 32 stills had every page index,
    /// count and summary made anew at nearly every visit while the measuring ran (Recently
    /// added: 0.28 s each), for the hours it runs. Heard by this process only: another instance
    /// of a shared catalog sees new look-alikes at its next change of the whole catalog (a round
    /// of measuring ends with one when it stacks the folders anew).
    var likenessVersion: Int { likenessCounter.load(ordering: .acquiring) }
    private let likenessCounter = Atomic<Int>(0)

    func likenessChanged() { likenessCounter.add(1, ordering: .releasing) }

    /// The look-alikes' version for what `group` shows: `likenessVersion` for a group that reads
    /// them, else 0, so that its caches' keys change with them and no other group's do.
    func likenessVersion(of group: PhotoGroup) -> Int {
        group.readsLikeness ? likenessVersion : 0
    }
}

/// A catalog whose store logic is the shared one: both `CatalogStore` and `PostgresCatalog`.
public protocol SQLCatalog: AnyObject, Sendable {
    var core: CatalogCore { get }
}

/// Both catalogs' versions are their core's (`CatalogCore`).
extension PhotoQueries where Self: SQLCatalog {
    /// Grows whenever visible catalog content changes; caches key on it.
    public var version: Int { core.version }
    public var likenessVersion: Int { core.likenessVersion }
}

/// The live sessions a catalog keeps so a signed-in request reads nothing (`SessionCache`, and
/// PostgreSQL's `SharedSessionCache`, which hears what other instances end).
protocol SessionCaching: Sendable {
    var generation: Int { get }
    func invalidateAll()
    func forget(_ tokenHash: String)
    func lookup(_ tokenHash: String, now: Int64, madeAfter: Int64) -> (account: Account, lastSeenAt: Int64)?
    func keep(_ tokenHash: String, _ entry: SessionCache.Entry)
}

/// A lock that waits by suspending, first come first served: SQLite's writes hold it across the
/// statements of one transaction.
public final class AsyncLock: Sendable {
    private let state = Mutex<(held: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    public init() {}

    public func lock() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if state.held {
                    state.waiting.append(continuation)
                    return false
                }
                state.held = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    public func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }

    public func withLock<T>(_ body: () async throws -> T) async rethrows -> T {
        await lock()
        defer { unlock() }
        return try await body()
    }
}
