import Foundation
import GRDB
import Synchronization

/// The SQLite catalog: file rows, photo rows and folder aggregates, behind one database pool.
public final class CatalogStore: Sendable {
    /// The underlying GRDB pool (WAL mode); readers never block the writer.
    public let pool: DatabasePool
    /// The catalog file's path.
    public let path: String
    private let versionCounter = Atomic<Int>(0)
    let pageIndexCache = PageIndexCache()
    /// Tag counts feed every filter form; they change only with the catalog.
    let tagCountsCache = VersionedCache<[TagCount]>()
    let onlyInTrashCache = VersionedCache<Set<String>>()

    /// Opens (creating and migrating when needed) the catalog at `path`.
    public init(path: String) throws {
        self.path = path
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            // Curation writes must survive a power cut once acknowledged.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: config)
            // A quick structural check before anything writes: a damaged file is refused, never "repaired" into an empty catalog.
            let verdict = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
            guard verdict == ["ok"] else {
                throw CatalogError.damaged(path: path, reason: verdict.joined(separator: "; "), newestBackup: Self.newestBackup(forCatalog: path))
            }
            try CatalogMigrations.migrator.migrate(pool)
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw CatalogError.damaged(path: path, reason: "SQLite: \(error.message ?? "not a database")", newestBackup: Self.newestBackup(forCatalog: path))
        }
    }

    /// Opens the catalog `catalog.sqlite` inside a data folder, creating the folder.
    public static func open(dataFolder: String) throws -> CatalogStore {
        try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
        return try CatalogStore(path: (dataFolder as NSString).appendingPathComponent("catalog.sqlite"))
    }

    /// Grows whenever visible catalog content changes; caches key on it.
    public var version: Int { versionCounter.load(ordering: .acquiring) }

    /// Marks that what readers see has changed.
    func bumpVersion() { versionCounter.add(1, ordering: .releasing) }
}
