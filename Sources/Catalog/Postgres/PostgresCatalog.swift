import Foundation
import Logging
import NIOSSL
import _ConnectionPoolModule
import PostgresNIO
import Synchronization

/// The catalog in a PostgreSQL database, for several Photolala instances sharing one library:
/// the same store protocols, and the same behaviour, as the SQLite `CatalogStore`.
///
/// Every write is one transaction that first takes the catalog's write lock (a transaction-level
/// advisory lock), so writes are serialised across every instance as SQLite's single writer
/// serialises them in one process; reads run beside them on the pool's other connections.
public final class PostgresCatalog: SQLCatalog {
    let client: PostgresClient
    let database: PostgresDatabase
    public let core: CatalogCore
    let logger: Logger
    /// Where the catalog lives, without its password, for messages.
    public let location: String
    private let running: Task<Void, Never>
    /// Tells the other instances what changed here, and hears what changed there.
    let broadcast: CatalogBroadcast
    /// Live sessions, so a signed-in request reads nothing from the database (`SessionCache`);
    /// what ends a session here ends it on every instance.
    let sessionCache: SharedSessionCache
    /// What other instances said of renditions that must go (`forgottenRenditions()`).
    let forgotten = AsyncStream.makeStream(of: Set<String>.self, bufferingPolicy: .bufferingNewest(1024))
    /// When the tables' statistics are gathered as a scan fills them (`gatherStatistics(after:)`).
    let growth: GrowthStatistics

    /// The advisory lock migrations take, so instances starting together migrate once.
    static let migrationLock: Int64 = 0x7068_6f74_6f6c_0002

    private init(client: PostgresClient, running: Task<Void, Never>, location: String, logger: Logger, trashMoveGrace: Duration,
                 growth: GrowthStatistics) {
        (self.client, self.running, self.location, self.logger, self.growth) = (client, running, location, logger, growth)
        let broadcast = CatalogBroadcast(client: client, logger: logger)
        self.broadcast = broadcast
        sessionCache = SharedSessionCache(broadcast: broadcast)
        database = PostgresDatabase(client: client, logger: logger)
        core = CatalogCore(database: database, sessionCache: sessionCache, logger: logger, place: location, trashMoveGrace: trashMoveGrace, announce: { broadcast.send("catalog") })
    }

    deinit { close() }

    /// Hears the other instances' changes until cancelled: each makes this instance's caches start
    /// again, ends sessions that ended there, or names renditions to drop. A server runs this in its
    /// service group (`capabilities.service`); a command that ends soon has nothing to hear.
    func listen() async {
        await broadcast.listen { [weak self] what in
            guard let self else { return }
            if what == "catalog" || what == "*" { bumpVersion(announce: false) }
            if what.hasPrefix(Self.renditionsMessage) {
                let hashes = what.dropFirst(Self.renditionsMessage.count).split(separator: ",").map(String.init)
                forgotten.continuation.yield(Set(hashes.filter { $0.utf8.count == 64 && $0.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) } }))
            }
            sessionCache.heard(what)
        }
    }

    /// Connects to the database at `url` (`postgres://user:password@host:port/database`), and
    /// creates or migrates the catalog's tables. Throws `CatalogError.unreachable` when no
    /// connection can be made within `timeout` seconds. A trash move that a kill interrupted is
    /// settled at a start once it is `trashMoveGrace` old (ten minutes: a move takes seconds).
    public static func connect(url: String, logger: Logger = Logger(label: "photolala.catalog"), timeout: Duration = .seconds(30),
                               trashMoveGrace: Duration = .seconds(600)) async throws -> PostgresCatalog {
        try await connect(url: url, logger: logger, timeout: timeout, trashMoveGrace: trashMoveGrace, steps: CatalogSchema.steps)
    }

    /// `connect`, brought to `steps` (the tests' upgrades name their own), gathering statistics by
    /// `growth` (the tests' own gathers sooner).
    static func connect(url: String, logger: Logger = Logger(label: "photolala.catalog"), timeout: Duration = .seconds(30),
                        trashMoveGrace: Duration = .seconds(600), steps: [SchemaStep] = CatalogSchema.steps,
                        growth: GrowthStatistics = GrowthStatistics()) async throws -> PostgresCatalog {
        let settings = try PostgresURL(url)
        let client = Self.client(settings, logger: logger)
        let running = Task { await client.run() }
        let catalog = PostgresCatalog(client: client, running: running, location: settings.description, logger: logger,
                                      trashMoveGrace: trashMoveGrace, growth: growth)
        do {
            // The deadline is for reaching the server; migrating may take longer on a busy one.
            try await withDeadline(timeout, location: settings.description) {
                try await catalog.client.withConnection { connection in
                    _ = try await PostgresSession(connection: connection, logger: logger).int("SELECT 1")
                }
            }
            try await catalog.client.withConnection { connection in
                try await PostgresMigrations.migrate(PostgresSession(connection: connection, logger: logger), location: settings.description, steps: steps)
            }
        } catch {
            running.cancel()
            throw error
        }
        return catalog
    }

    /// A client of the database `settings` names. The driver's own messages (a connection attempt
    /// given up as the catalog closes, say) are kept to warnings and worse; the catalog logs what
    /// it does itself.
    static func client(_ settings: PostgresURL, logger: Logger) -> PostgresClient {
        var background = logger
        background.logLevel = max(logger.logLevel, .warning)
        return PostgresClient(configuration: settings.configuration, backgroundLogger: background)
    }

    /// Throws `CatalogError.invalidAddress` unless `url` is a usable PostgreSQL address.
    public static func checkAddress(_ url: String) throws { _ = try PostgresURL(url) }

    /// Whether `error` means the database could not be reached or dropped the connection, so
    /// nothing was read or written (the page says to try again).
    public static func isUnavailable(_ error: any Error) -> Bool {
        if case .unreachable = error as? CatalogError { return true }
        if let error = error as? ConnectionPoolError {
            return [.poolShutdown, .connectionCreationCircuitBreakerTripped].contains(error)
        }
        guard let error = (error as? PostgresStatementError)?.underlying ?? error as? PSQLError else { return false }
        return [.connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed].contains(error.code)
    }

    /// Closes every connection; the catalog answers nothing after this.
    public func close() {
        broadcast.stopped.store(true, ordering: .releasing)
        forgotten.continuation.finish()
        running.cancel()
    }

    /// Marks that what readers see has changed, here and (unless it was heard from them) on the
    /// other instances.
    func bumpVersion(announce: Bool = true) { core.changed(announcing: announce) }

    /// Runs `updates` in one transaction holding the catalog's write lock, and waits for it; it
    /// lands even if the calling task is cancelled (`PostgresDatabase.lockedWrite`).
    func write<T: Sendable>(_ updates: @escaping @Sendable (PostgresSession) async throws -> T) async throws -> T {
        try await database.lockedWrite(updates)
    }

    /// Whether `error` is the server refusing a row because another row has the same unique value.
    static func isUniqueViolation(_ error: any Error) -> Bool { sqlState(of: error) == "23505" }

    /// Whether `error` is the server stopping a transaction that waited in a cycle (a deadlock).
    static func isDeadlock(_ error: any Error) -> Bool { sqlState(of: error) == "40P01" }

    /// The SQLSTATE the server answered `error` with; nil for an error that is not the server's.
    private static func sqlState(of error: any Error) -> String? {
        if let error = error as? PostgresStatementError { return error.sqlState }
        return (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// Runs `work`, throwing `CatalogError.unreachable` if it has not finished after `timeout`.
    private static func withDeadline(_ timeout: Duration, location: String,
                                     _ work: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await work(); return true }
            group.addTask { try await Task.sleep(for: timeout); return false }
            guard let finished = try await group.next() else { return }
            group.cancelAll()
            if !finished {
                throw CatalogError.unreachable(location: location, reason: "no connection within \(timeout.components.seconds) s")
            }
        }
    }
}

/// A `postgres://` (or `postgresql://`) address: user, password, host, port, database, and
/// `sslmode` (`disable`, the default, `prefer` or `require`). A host that starts with `/` is a
/// folder holding the server's Unix socket.
struct PostgresURL: CustomStringConvertible {
    var user, host, database, tls: String
    var password: String?
    var port: Int

    init(_ text: String) throws {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? ""),
              let user = components.user, !user.isEmpty else {
            throw CatalogError.invalidAddress("A PostgreSQL catalog is named as postgres://user:password@host:port/database.")
        }
        self.user = user
        password = components.password
        let socket = components.queryItems?.first { $0.name == "host" }?.value
        host = socket ?? components.host ?? "localhost"
        port = components.port ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? user : path
        tls = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        guard ["disable", "prefer", "require"].contains(tls) else {
            throw CatalogError.invalidAddress("sslmode must be disable, prefer or require (not \(tls)).")
        }
        guard (1...65_535).contains(port) else { throw CatalogError.invalidAddress("The port must be 1 to 65535.") }
    }

    var configuration: PostgresClient.Configuration {
        var config: PostgresClient.Configuration
        if host.hasPrefix("/") {
            config = .init(unixSocketPath: host + "/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            let tlsSetting: PostgresClient.Configuration.TLS = switch tls {
            case "require": .require(.makeClientConfiguration())
            case "prefer": .prefer(.makeClientConfiguration())
            default: .disable
            }
            config = .init(host: host, port: port, username: user, password: password, database: database, tls: tlsSetting)
        }
        config.options.connectTimeout = .seconds(10)
        config.options.maximumConnections = 8
        config.options.minimumConnections = 0
        return config
    }

    var description: String { "postgres://\(user)@\(host.hasPrefix("/") ? "[\(host)]" : host):\(port)/\(database)" }
}
