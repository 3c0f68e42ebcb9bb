import Catalog
import Foundation
import Logging
import PostgresNIO

/// The throwaway PostgreSQL cluster scripts/test.sh starts (`PHOTOLALA_TEST_POSTGRES`, the
/// address of its maintenance database): each test gets a database of its own, made anew as a
/// copy of one migrated once per test run, so hundreds of tests running at once do not each
/// build the schema.
public enum PostgresTestServer {
    /// The cluster's maintenance database, or nil when none is set (then the PostgreSQL catalog is not tested).
    public static var adminURL: String? {
        ProcessInfo.processInfo.environment["PHOTOLALA_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The address of a new database on the test cluster, holding an empty, migrated catalog.
    public static func makeDatabase() async throws -> String {
        let template = try await migratedTemplate.value
        let name = "photolala_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(24)
        try await create(name, from: template)
        return try address(of: name)
    }

    /// The address of a new, empty database on the test cluster (no catalog in it yet).
    public static func makeEmptyDatabase() async throws -> String {
        let name = "photolala_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(24)
        try await create(name, from: nil)
        return try address(of: name)
    }

    /// A database migrated once for this run, that every test's database is copied from.
    private static let migratedTemplate = Task<String, any Error> {
        let name = "photolala_template_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        try await create(name, from: nil)
        let catalog = try await PostgresCatalog.connect(url: try address(of: name))
        catalog.close()
        return name
    }

    /// Makes database `name`, a copy of `template` (or of the cluster's default). A copy waits
    /// while the template still has a session (the catalog that migrated it closing its connections).
    private static func create(_ name: String, from template: String?) async throws {
        let sql = template.map { "CREATE DATABASE \(name) TEMPLATE \($0)" } ?? "CREATE DATABASE \(name)"
        for attempt in 0..<200 {
            do {
                try await admin { client in try await client.query(PostgresQuery(unsafeSQL: sql)) }
                return
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55006" && attempt < 199 {
                // The template is still in use: try again in a moment.
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Runs `work` on a client connected to the maintenance database.
    private static func admin(_ work: @escaping @Sendable (PostgresClient) async throws -> Void) async throws {
        guard let adminURL, let address = URLComponents(string: adminURL), let user = address.user else {
            throw TestServerError("PHOTOLALA_TEST_POSTGRES is not set to postgres://user@host:port/database.")
        }
        let config = PostgresClient.Configuration(host: address.host ?? "127.0.0.1", port: address.port ?? 5432, username: user,
                                                  password: address.password, database: String(address.path.dropFirst()), tls: .disable)
        var logger = Logger(label: "photolala.test.postgres")
        logger.logLevel = .warning
        let client = PostgresClient(configuration: config, backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await work(client)
        }
    }

    /// The address of database `name` on the test cluster.
    private static func address(of name: String) throws -> String {
        guard let adminURL, var address = URLComponents(string: adminURL) else {
            throw TestServerError("PHOTOLALA_TEST_POSTGRES is not set to postgres://user@host:port/database.")
        }
        address.path = "/" + name
        guard let url = address.string else { throw TestServerError("no address for \(name)") }
        return url
    }

    public struct TestServerError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
