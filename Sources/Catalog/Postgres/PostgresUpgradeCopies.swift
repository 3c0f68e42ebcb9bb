import Foundation
import Logging
import PostgresNIO

/// Upgrades that can be undone (PostgreSQL). Before a version's steps run, every table of the
/// catalog is copied into a schema of its own, `photolala_upgrade_STAMP`, in one REPEATABLE READ
/// transaction (one moment's rows, while other instances write); the newest
/// `CatalogStore.upgradeCopiesKept` are kept. The steps then run in one transaction, so a step
/// that fails, or a kill midway, leaves the catalog as it was. `restore` puts a copy back: the
/// catalog's tables and functions are dropped, the copy's steps are taken again to rebuild the
/// shape it had (indexes, triggers, keys), and its rows are put in, parents before children, with
/// the catalog's own triggers off (the rows already hold what they keep true). It needs no
/// `pg_dump` of the server's version, and the copies live in the database its backups already hold.
public enum PostgresUpgradeCopies {
    /// One kept copy: its schema and the last step it holds.
    public struct Copy: Sendable, Equatable {
        public let schema: String
        public let lastStep: String?
    }

    static let upgradePrefix = "photolala_upgrade_"
    static let restorePrefix = "photolala_restore_"

    /// Copies the catalog into a new schema named for `now`; returns its name.
    static func make(_ db: PostgresSession, from step: String, prefix: String = upgradePrefix, now: Date) async throws -> String {
        var schema = prefix + CatalogStore.stamp(now).replacingOccurrences(of: "-", with: "_")
        var suffix = 1
        while try await db.exists("SELECT 1 FROM pg_namespace WHERE nspname = ?", [schema]) {
            suffix += 1
            schema = prefix + CatalogStore.stamp(now).replacingOccurrences(of: "-", with: "_") + "_\(suffix)"
        }
        try await db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        do {
            let tables = try await db.strings("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
            try await db.execute("CREATE SCHEMA \(schema)")
            for table in tables { try await db.execute("CREATE TABLE \(schema).\(quoted(table)) AS TABLE \(quoted(table))") }
            try await db.execute("COMMENT ON SCHEMA \(schema) IS 'Photolala catalog as it was at step \(step.replacingOccurrences(of: "'", with: "''"))'")
            try await db.execute("COMMIT")
        } catch {
            try? await db.execute("ROLLBACK")
            throw error
        }
        if prefix == upgradePrefix {
            for old in try await list(db).map(\.schema).filter({ $0.hasPrefix(upgradePrefix) }).dropFirst(CatalogStore.upgradeCopiesKept) {
                try await db.execute("DROP SCHEMA \(old) CASCADE")
            }
        }
        return schema
    }

    /// The copies kept in the database, newest first.
    static func list(_ db: PostgresSession) async throws -> [Copy] {
        let schemas = try await db.strings("""
            SELECT nspname::text FROM pg_namespace WHERE nspname LIKE 'photolala\\_upgrade\\_%' OR nspname LIKE 'photolala\\_restore\\_%'
            """)
        let known = CatalogSchema.steps.compactMap(\.postgres?.name)
        var copies: [Copy] = []
        for schema in schemas.sorted(by: { stampOf($0) > stampOf($1) }) {
            let steps = Set(try await db.strings("SELECT name FROM \(schema).photolalamigration"))
            copies.append(Copy(schema: schema, lastStep: known.last(where: steps.contains)))
        }
        return copies
    }

    private static func stampOf(_ schema: String) -> String {
        schema.hasPrefix(upgradePrefix) ? String(schema.dropFirst(upgradePrefix.count)) : String(schema.dropFirst(restorePrefix.count))
    }

    /// Puts the copy in `schema` back as the catalog, once the catalog as it is has been copied
    /// to a `photolala_restore_STAMP` schema, whose name is returned. Refused while another
    /// session is connected to the database (a running instance), once it has had `wait` to go.
    static func restore(_ db: PostgresSession, schema: String, steps: [SchemaStep] = CatalogSchema.steps,
                        wait: Duration = .seconds(5), now: Date = Date()) async throws -> String {
        guard schema.hasPrefix(upgradePrefix) || schema.hasPrefix(restorePrefix),
              schema.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              try await db.exists("SELECT 1 FROM pg_namespace WHERE nspname = ?", [schema]) else {
            throw RestoreError.missing(schema)
        }
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        while try await db.int("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()") ?? 0 > 0 {
            guard clock.now < deadline else { throw RestoreError.inUse("the database's other sessions") }
            try await Task.sleep(for: .milliseconds(100))
        }
        let known = steps.compactMap(\.postgres)
        let copySteps = Set(try await db.strings("SELECT name FROM \(schema).photolalamigration"))
        let unknown = copySteps.subtracting(known.map(\.name))
        guard unknown.isEmpty else { throw RestoreError.newer(schema, unknown.sorted()) }
        try await db.execute("SELECT pg_advisory_lock(?)", [PostgresCatalog.migrationLock])
        do {
            let saved = try await putBack(db, schema: schema, known: known, copySteps: copySteps, now: now)
            try await db.execute("SELECT pg_advisory_unlock(?)", [PostgresCatalog.migrationLock])
            return saved
        } catch {
            try? await db.execute("SELECT pg_advisory_unlock(?)", [PostgresCatalog.migrationLock])
            throw error
        }
    }

    private static func putBack(_ db: PostgresSession, schema: String, known: [(name: String, sql: String)],
                                copySteps: Set<String>, now: Date) async throws -> String {
        let hasSteps = try await db.exists("SELECT 1 WHERE to_regclass('photolalamigration') IS NOT NULL")
        let current = hasSteps ? Set(try await db.strings("SELECT name FROM photolalaMigration")) : []
        let saved = try await make(db, from: known.last(where: { current.contains($0.name) })?.name ?? "none",
                                   prefix: restorePrefix, now: now)
        try await db.execute("BEGIN")
        do {
            let tables = try await db.strings("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()")
            if !tables.isEmpty { try await db.execute("DROP TABLE " + tables.map(quoted).joined(separator: ", ") + " CASCADE") }
            for function in try await db.strings("""
                SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname = current_schema() AND p.proname LIKE 'photolala\\_%'
                """) {
                try await db.execute("DROP FUNCTION \(function) CASCADE")
            }
            try await db.execute("CREATE TABLE photolalaMigration (name TEXT PRIMARY KEY, appliedAt BIGINT NOT NULL)")
            for (name, sql) in known where copySteps.contains(name) {
                for statement in PostgresMigrations.statements(sql) { try await db.execute(statement) }
            }
            let copied = Set(try await db.strings("SELECT tablename::text FROM pg_tables WHERE schemaname = ?", [schema]))
            let rebuilt = try await db.strings("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()")
            try await db.execute("TRUNCATE " + rebuilt.map(quoted).joined(separator: ", ") + " CASCADE")
            for table in try await parentsFirst(db, rebuilt) where copied.contains(table) {
                let columns = try await db.strings("""
                    SELECT column_name::text FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position
                    """, [schema, table]).map(quoted).joined(separator: ", ")
                try await db.execute("ALTER TABLE \(quoted(table)) DISABLE TRIGGER USER")
                try await db.execute("INSERT INTO \(quoted(table)) (\(columns)) OVERRIDING SYSTEM VALUE SELECT \(columns) FROM \(schema).\(quoted(table))")
                try await db.execute("ALTER TABLE \(quoted(table)) ENABLE TRIGGER USER")
            }
            for row in try await db.rows("""
                SELECT table_name::text AS t, column_name::text AS c FROM information_schema.columns
                WHERE table_schema = current_schema() AND is_identity = 'YES'
                """) {
                let table = try row.string("t"), column = try row.string("c")
                try await db.execute("""
                    SELECT setval(pg_get_serial_sequence('\(quoted(table))', '\(column)'),
                                  COALESCE((SELECT max(\(quoted(column))) FROM \(quoted(table))), 0) + 1, false)
                    """)
            }
            try await db.execute("COMMIT")
        } catch {
            try? await db.execute("ROLLBACK")
            throw error
        }
        return saved
    }

    /// `tables` ordered so that a table comes after every table its foreign keys name.
    private static func parentsFirst(_ db: PostgresSession, _ tables: [String]) async throws -> [String] {
        var parents: [String: Set<String>] = [:]
        for row in try await db.rows("""
            SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE c.contype = 'f' AND n.nspname = current_schema()
            """) {
            let child = try row.string("child").replacingOccurrences(of: "\"", with: "")
            let parent = try row.string("parent").replacingOccurrences(of: "\"", with: "")
            if child != parent { parents[child, default: []].insert(parent) }
        }
        var ordered: [String] = []
        var left = tables.sorted()
        while !left.isEmpty {
            let done = Set(ordered)
            let ready = left.filter { (parents[$0] ?? []).subtracting([$0]).isSubset(of: done.union(Set(tables).subtracting(left))) }
            guard !ready.isEmpty else { throw PostgresCatalogError(description: "the catalog's foreign keys go round: \(left)") }
            ordered += ready
            left.removeAll { ready.contains($0) }
        }
        return ordered
    }

    private static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

extension PostgresCatalog {
    /// Runs `work` on one connection to the database at `url`, which is neither migrated nor
    /// checked first (a restore must reach a catalog a newer version wrote).
    static func withBareSession<T: Sendable>(url: String, logger: Logger = Logger(label: "photolala.catalog"),
                                             _ work: @escaping @Sendable (PostgresSession) async throws -> T) async throws -> T {
        let client = client(try PostgresURL(url), logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await client.withConnection { connection in
                try await work(PostgresSession(connection: connection, logger: logger))
            }
        }
    }

    /// The copies kept in the database at `url`, newest first.
    public static func upgradeCopies(url: String) async throws -> [PostgresUpgradeCopies.Copy] {
        try await withBareSession(url: url) { db in try await PostgresUpgradeCopies.list(db) }
    }

    /// Puts the copy in `schema` back as the catalog at `url`; returns the schema that holds the
    /// catalog as it was before.
    public static func restoreUpgradeCopy(url: String, schema: String) async throws -> String {
        try await withBareSession(url: url) { db in try await PostgresUpgradeCopies.restore(db, schema: schema) }
    }
}
