import Foundation
import Testing
import TestSupport
@testable import Catalog

/// Upgrades that can be undone, on PostgreSQL: a copy schema before any step runs, the steps in
/// one transaction (a failure or a kill leaves the catalog as it was), a newer catalog left alone,
/// and `restore` putting a copy back with its keys, triggers and ids.
@Suite(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
struct PostgresUpgradeTests {
    /// A new database holding the catalog at `steps` (the oldest, pg1, by default), with a folder of two photos, one rated 2.
    static func catalog(upTo steps: [SchemaStep] = Array(CatalogSchema.steps.prefix(1))) async throws -> String {
        let url = try await PostgresTestServer.makeEmptyDatabase()
        try await PostgresCatalog.withBareSession(url: url) { db in
            try await PostgresMigrations.migrate(db, location: "test", steps: steps)
            try await db.execute("""
                INSERT INTO photo (id, sha256, size, format, width, height, takenAt, addedAt, rating) VALUES
                  (1, 'aa', 10, 'jpeg', 64, 48, 1000, 5, 2), (2, 'bb', 20, 'jpeg', 48, 64, 2000, 6, 0)
                """)
            try await db.execute("""
                INSERT INTO file (key, folder, name, sortName, size, mtimeNs, sortTaken, photoId) VALUES
                  ('trip/a.jpg', 'trip', 'a.jpg', 'a.jpg', 10, 1, 1000, 1), ('trip/b.jpg', 'trip', 'b.jpg', 'b.jpg', 20, 1, 2000, 2)
                """)
            try await db.execute("""
                INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount) VALUES
                  ('', NULL, '', 0, 2, 1), ('trip', '', 'trip', 2, 2, 0)
                """)
        }
        return url
    }

    static func steps(_ url: String) async throws -> Set<String> {
        try await PostgresCatalog.withBareSession(url: url) { db in Set(try await db.strings("SELECT name FROM photolalaMigration")) }
    }


    /// Every table's columns and every function, in the catalog's schema.
    static func shape(_ url: String) async throws -> [String] {
        try await PostgresCatalog.withBareSession(url: url) { db in
            try await db.strings("""
                SELECT table_name::text || '.' || column_name::text FROM information_schema.columns
                WHERE table_schema = current_schema() ORDER BY 1
                """) + db.strings("""
                SELECT p.proname::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema() ORDER BY 1
                """)
        }
    }

    @Test func theOldestSchemaUpgradesToTodaysKeepingItsRowsAndACopy() async throws {
        // given a catalog the first PostgreSQL schema made
        let url = try await Self.catalog()
        // when today's version opens it
        let catalog = try await PostgresCatalog.connect(url: url)
        // then its photos are there, rated as they were, and curation works on them
        let a = try #require(try await catalog.photo(key: "trip/a.jpg"))
        #expect(a.card.rating == 2 && a.folder == "trip")
        try await catalog.setRating(photoId: a.photoId, 4)
        #expect(try await catalog.photo(key: "trip/a.jpg")?.card.rating == 4)
        catalog.close()
        // and a copy as it was is kept, at the step it held
        let copies = try await PostgresCatalog.upgradeCopies(url: url)
        #expect(copies.map(\.lastStep) == ["pg1-catalog"])
    }

    @Test func aStepThatFailsLeavesTheCatalogAsItWas() async throws {
        // given a catalog one step behind
        let all = CatalogSchema.steps
        let url = try await Self.catalog(upTo: Array(all.dropLast()))
        let before = try await Self.steps(url)
        let shape = try await Self.shape(url)
        // when a version whose last step fails (after today's last one has run) opens it
        let failing = all + [.both("v-test-fails") { _ in "CREATE TABLE photo (id BIGINT)" }]
        var thrown: (any Error)?
        do { _ = try await PostgresCatalog.connect(url: url, steps: failing) } catch { thrown = error }
        // then it is told which step failed, and that the catalog is as it was
        guard case .upgradeFailed(_, let step, _, let copy?, let asItWas)? = thrown as? CatalogError else {
            Issue.record("expected upgradeFailed, got \(String(describing: thrown))"); return
        }
        #expect(step == "v-test-fails" && asItWas && copy.hasPrefix("photolala_upgrade_"))
        #expect(try await Self.steps(url) == before)
        #expect(try await Self.shape(url) == shape)
        // and today's version upgrades it
        let catalog = try await PostgresCatalog.connect(url: url)
        #expect(try await catalog.photo(key: "trip/b.jpg") != nil)
        catalog.close()
    }

    @Test func aCatalogOfANewerVersionIsRefused() async throws {
        let url = try await Self.catalog(upTo: CatalogSchema.steps)
        try await PostgresCatalog.withBareSession(url: url) { db in
            try await db.execute("INSERT INTO photolalaMigration (name, appliedAt) VALUES ('v99-from-the-future', 0)")
        }
        await #expect { _ = try await PostgresCatalog.connect(url: url) } throws: { error in
            guard case .newerCatalog(_, let steps, _)? = error as? CatalogError else { return false }
            return steps == ["v99-from-the-future"]
        }
    }

    @Test func restorePutsACopyBackWithItsKeysAndIds() async throws {
        // given a catalog one step behind, upgraded (so a copy is kept), then curated: a rating, a tag
        let all = CatalogSchema.steps
        let url = try await Self.catalog(upTo: Array(all.dropLast()))
        var catalog = try await PostgresCatalog.connect(url: url)
        try await catalog.setRating(photoId: 1, 5)
        catalog.close()
        let copy = try #require(try await PostgresCatalog.upgradeCopies(url: url).first)
        // when the copy is put back
        let saved = try await PostgresCatalog.restoreUpgradeCopy(url: url, schema: copy.schema)
        // then the catalog is the copy: its steps, its rating
        #expect(try await Self.steps(url).contains(all.last!.postgres!.name) == false)
        #expect(try await PostgresCatalog.withBareSession(url: url) { db in try await db.int("SELECT rating FROM photo WHERE id = 1") } == 2)
        // and the catalog as it was is kept too
        #expect(saved.hasPrefix("photolala_restore_"))
        #expect(try await PostgresCatalog.withBareSession(url: url) { db in try await db.int("SELECT rating FROM \(saved).photo WHERE id = 1") } == 5)
        // and today's version upgrades it again, with its triggers and keys working and no id handed out twice
        catalog = try await PostgresCatalog.connect(url: url)
        defer { catalog.close() }
        try await catalog.setRating(photoId: 2, 3)
        #expect(try await catalog.photo(key: "trip/b.jpg")?.card.rating == 3)
        let album = try await catalog.createAlbum(name: "Trip", description: "", createdBy: nil, now: Date())
        #expect(try await catalog.addToAlbum(id: album.id, photoIds: [1, 2], now: Date()) == 2)
        #expect(try await PostgresCatalog.withBareSession(url: url) { db in
            try await db.int("INSERT INTO photo (sha256, size, format, width, height, addedAt) VALUES ('cc', 30, 'jpeg', 1, 1, 7) RETURNING id")
        } == 3)
        // and a schema that is not a copy is refused
        await #expect(throws: RestoreError.missing("public")) { _ = try await PostgresCatalog.restoreUpgradeCopy(url: url, schema: "public") }
    }

    @Test func aKillMidwayLeavesTheCatalogAsItWasAndTheCopy() async throws {
        // given a catalog one step behind
        let all = CatalogSchema.steps
        let url = try await Self.catalog(upTo: Array(all.dropLast()))
        let before = try await Self.steps(url)
        let last = try #require(all.last?.postgres?.name)
        // when the command that opens it is killed while today's last step runs
        let status = try UpgradeKill.run(["users", "list", "--catalog", url], killIn: last)
        #expect(status == SIGKILL)
        // then the catalog holds the steps it held (the transaction was never committed), and the copy is kept
        #expect(try await Self.steps(url) == before)
        #expect(try await PostgresCatalog.upgradeCopies(url: url).count == 1)
        // and the next start upgrades it
        let catalog = try await PostgresCatalog.connect(url: url)
        #expect(try await catalog.photo(key: "trip/a.jpg")?.card.rating == 2)
        catalog.close()
    }
}
