import Foundation
import TestSupport
import Testing
@testable import Catalog

/// The one list of schema steps: the names the histories recorded stay as they were (a renamed
/// step would run again on every catalog that took it), a step written once gives each dialect
/// its own words, and both dialects end at the same tables and columns.
@Suite struct SchemaTests {
    @Test func theNamesEachDialectRecordedStayInTheirOrder() {
        let sqlite = CatalogSchema.steps.compactMap(\.sqlite?.name)
        let postgres = CatalogSchema.steps.compactMap(\.postgres?.name)
        #expect(sqlite == (1...41).map { n in sqlite.first { $0.hasPrefix("v\(n)-") } ?? "missing v\(n)" })
        #expect(sqlite.prefix(3) == ["v1-files-photos-folders", "v2-curation-trash", "v3-search"])
        #expect(sqlite.last == "v41-folders-built")
        // (the steps written once since the histories met carry one name in both)
        #expect(postgres == ["pg1-catalog", "pg2-search", "pg3-sign-in-throttle", "pg4-lasting-links", "v22-photo-taken", "v23-listed-file", "v24-file-sort-keys",
                           "v25-places", "v26-share-places", "v27-likeness", "v28-date-source", "v29-sidecars", "v30-added-by",
                           "v31-private", "v32-account-language", "v33-set-aside", "v34-nearest-look-alike", "v35-positions-anywhere",
                           "v36-share-nonce", "v37-devices", "v38-api-tokens", "v39-oidc", "v40-folder-latest",
                           "pg5-statement-triggers", "v41-folders-built"])
        #expect(CatalogSchema.steps.allSatisfy { $0.sqlite != nil || $0.postgres != nil })
    }

    @Test func aStepWrittenOnceGivesEachDialectItsWords() throws {
        let step = SchemaStep.both("v99-example") { d in "ALTER TABLE photo ADD COLUMN seen \(d.integer) NOT NULL DEFAULT 0;" }
        #expect(step.sqlite?.name == "v99-example" && step.postgres?.name == "v99-example")
        guard case .sql(let sqlite)? = step.sqlite?.run else { Issue.record("SQLite runs no SQL"); return }
        #expect(sqlite == "ALTER TABLE photo ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;")
        #expect(step.postgres?.sql == "ALTER TABLE photo ADD COLUMN seen BIGINT NOT NULL DEFAULT 0;")
    }

    @Test func everyPostgresStepSplitsIntoWholeStatements() {
        for (name, sql) in CatalogSchema.steps.compactMap(\.postgres) {
            let statements = PostgresMigrations.statements(sql)
            #expect(!statements.isEmpty, "\(name)")
            for statement in statements {
                #expect(!statement.hasSuffix(";") && !statement.isEmpty, "\(name): \(statement.prefix(60))")
                // a function's body is never cut in two
                #expect(statement.components(separatedBy: "$$").count % 2 == 1, "\(name): \(statement.prefix(60))")
            }
        }
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func bothDialectsEndAtTheSameTablesAndColumns() async throws {
        // given a new catalog in each dialect
        let lib = try TestLibrary()
        let sqlite = try CatalogStore.open(dataFolder: lib.data)
        let postgres = try await PostgresCatalog.connect(url: try await PostgresTestServer.makeDatabase())
        defer { postgres.close() }
        // when their tables' columns are listed in order (PostgreSQL folds unquoted names to lower case)
        let sqliteColumns = try await sqlite.core.database.read { db in
            try await db.rows("""
                SELECT m.name AS t, c.name AS c FROM sqlite_master m, pragma_table_info(m.name) c
                WHERE m.type = 'table' ORDER BY m.name, c.cid
                """).map { "\(try $0.string("t").lowercased()).\(try $0.string("c").lowercased())" }
        }
        let postgresColumns = try await postgres.core.database.read { db in
            try await db.rows("""
                SELECT table_name::text AS t, column_name::text AS c FROM information_schema.columns
                WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
                """).map { "\(try $0.string("t")).\(try $0.string("c"))" }
        }
        // then, but for each one's own bookkeeping, full-text index and shared throttle, they are the same
        let own: Set<String> = ["grdb_migrations", "sqlite_sequence", "photolalamigration", "signinfailure", "signintrust"]
        let shared = { (columns: [String]) in
            columns.filter { let table = String($0.prefix { $0 != "." }); return !own.contains(table) && !table.hasPrefix("filesearch") }
        }
        #expect(shared(sqliteColumns) == shared(postgresColumns))
        #expect(shared(sqliteColumns).contains("trash.pendingsince") && shared(sqliteColumns).contains("sharelink.endedat"))
    }
}
