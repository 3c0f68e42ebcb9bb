import Foundation
import Logging
import PostgresNIO

/// The throwaway PostgreSQL cluster scripts/test.sh starts (`PHOTOLALA_TEST_POSTGRES`, the
/// address of its maintenance database): each test gets a database of its own, made anew.
public enum PostgresTestServer {
    /// The cluster's maintenance database, or nil when none is set (then the PostgreSQL catalog is not tested).
    public static var adminURL: String? {
        ProcessInfo.processInfo.environment["PHOTOLALA_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The address of a new, empty database on the test cluster.
    public static func makeDatabase() async throws -> String {
        guard let adminURL, var address = URLComponents(string: adminURL), let user = address.user else {
            throw TestServerError("PHOTOLALA_TEST_POSTGRES is not set to postgres://user@host:port/database.")
        }
        let name = "photolala_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(24)
        let config = PostgresClient.Configuration(host: address.host ?? "127.0.0.1", port: address.port ?? 5432, username: user,
                                                  password: address.password, database: String(address.path.dropFirst()), tls: .disable)
        let client = PostgresClient(configuration: config, backgroundLogger: Logger(label: "photolala.test.postgres"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
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
