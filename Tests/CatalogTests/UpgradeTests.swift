import Foundation
import GRDB
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// Upgrades that can be undone, on SQLite: a copy before any step runs, a failed step put back, a
/// kill midway survived, a newer catalog left alone, and `restore` putting a copy back.
@Suite struct UpgradeTests {
    /// The catalog of the oldest schema (v1), holding a folder with two photos.
    static func oldestCatalog(_ lib: TestLibrary, upTo step: String = "v1-files-photos-folders") throws {
        let old = try DatabaseQueue(path: lib.data + "/catalog.sqlite")
        try CatalogMigrations.migrator.migrate(old, upTo: step)
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO photo (id, sha256, size, format, width, height, takenAt, addedAt) VALUES
                  (1, 'aa', 10, 'jpeg', 64, 48, 1000, 5), (2, 'bb', 20, 'jpeg', 48, 64, 2000, 6);
                INSERT INTO file (key, folder, name, sortName, size, mtimeNs, sortTaken, photoId) VALUES
                  ('trip/a.jpg', 'trip', 'a.jpg', 'a.jpg', 10, 1, 1000, 1), ('trip/b.jpg', 'trip', 'b.jpg', 'b.jpg', 20, 1, 2000, 2);
                INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount) VALUES
                  ('', NULL, '', 0, 2, 1), ('trip', '', 'trip', 2, 2, 0);
                """)
        }
        try old.close()
    }

    static func steps(_ db: Database) throws -> [String] {
        try CatalogMigrations.migrator.appliedMigrations(db)
    }

    /// What the catalog in `lib` holds, read without opening it as the server does.
    static func state(_ lib: TestLibrary) throws -> (steps: [String], files: Int, check: [String]) {
        let queue = try DatabaseQueue(path: lib.data + "/catalog.sqlite")
        defer { try? queue.close() }
        return try queue.read { db in
            (try steps(db), try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? 0, try String.fetchAll(db, sql: "PRAGMA integrity_check"))
        }
    }

    /// The catalog's schema, steps and rows, as text.
    static func dump(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var lines = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map(\.description)
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE 'fileSearch%' ORDER BY name") {
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY 1").map { table + ": " + $0.description }
            }
            return lines
        }
    }

    @Test func stillsWhosePositionOnlyXMPOrATIFFsOwnIFDHeldAreReadAgain() throws {
        // given a catalog of v34 with a PNG and a TIFF read without a position, a WebP with one, and a JPEG
        let lib = try TestLibrary()
        let old = try DatabaseQueue(path: lib.data + "/catalog.sqlite")
        try CatalogMigrations.migrator.migrate(old, upTo: "v34-nearest-look-alike")
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO photo (id, sha256, size, format, width, height, takenAt, addedAt, latitude, longitude) VALUES
                  (1, 'aa', 10, 'png', 64, 48, 1000, 5, NULL, NULL), (2, 'bb', 20, 'tiff', 48, 64, 2000, 6, NULL, NULL),
                  (3, 'cc', 30, 'webp', 48, 64, 3000, 7, 48.8, 2.3), (4, 'dd', 40, 'jpeg', 48, 64, 4000, 8, NULL, NULL);
                INSERT INTO file (key, folder, name, sortName, size, mtimeNs, sortTaken, photoId) VALUES
                  ('t/a.png', 't', 'a.png', 'a.png', 10, 1, 1000, 1), ('t/b.tif', 't', 'b.tif', 'b.tif', 20, 1, 2000, 2),
                  ('t/c.webp', 't', 'c.webp', 'c.webp', 30, 1, 3000, 3), ('t/d.jpg', 't', 'd.jpg', 'd.jpg', 40, 1, 4000, 4);
                """)
        }
        try old.close()
        // when today's version opens it
        _ = try CatalogStore.open(dataFolder: lib.data)
        // then the PNG and the TIFF are to be probed again at the next scan, the rest as they were
        let queue = try DatabaseQueue(path: lib.data + "/catalog.sqlite")
        defer { try? queue.close() }
        let again = try queue.read { db in try String.fetchAll(db, sql: "SELECT key FROM file WHERE mtimeNs = -1 ORDER BY key") }
        let marked = try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo WHERE reprobe != 0 ORDER BY id") }
        #expect(again == ["t/a.png", "t/b.tif"] && marked == [1, 2])
    }

    @Test func theOldestSchemaUpgradesToTodaysKeepingItsRowsAndACopy() async throws {
        // given a catalog the first schema made
        let lib = try TestLibrary()
        try Self.oldestCatalog(lib)
        // when today's version opens it
        let store = try CatalogStore.open(dataFolder: lib.data)
        // then its photos are there and curation works on them
        let a = try #require(try await store.photo(key: "trip/a.jpg"))
        #expect(a.takenAt == 1000 && a.folder == "trip")
        try await store.setRating(photoId: a.photoId, 4)
        #expect(try await store.photo(key: "trip/a.jpg")?.card.rating == 4)
        #expect(try await store.photo(key: "trip/b.jpg") != nil)
        // and a copy of it as it was is kept, named by the step it holds
        let copies = CatalogStore.upgradeCopies(forCatalog: lib.data + "/catalog.sqlite")
        #expect(copies.count == 1)
        let copy = try CatalogStore.inspectCopy(try #require(copies.first))
        #expect(copy.lastStep == "v1-files-photos-folders")
        #expect(copy.path.contains("-from-v1-files-photos-folders.sqlite"))
        // and a catalog already at today's schema takes no copy when opened again
        _ = try CatalogStore.open(dataFolder: lib.data)
        #expect(CatalogStore.upgradeCopies(forCatalog: lib.data + "/catalog.sqlite").count == 1)
    }

    @Test func aNewCatalogTakesNoCopy() throws {
        let lib = try TestLibrary()
        _ = try CatalogStore.open(dataFolder: lib.data)
        #expect(CatalogStore.upgradeCopies(forCatalog: lib.data + "/catalog.sqlite").isEmpty)
    }

    @Test func aStepThatFailsPutsTheCatalogBackAsItWas() async throws {
        // given a catalog one step behind, with rows
        let lib = try TestLibrary()
        let all = CatalogSchema.steps
        let named = all.compactMap(\.sqlite?.name)
        let step = try #require(named.dropLast().last)
        try Self.oldestCatalog(lib, upTo: step)
        let before = try Self.dump(lib.data + "/catalog.sqlite")
        // when a version whose last step fails (after today's last one has run) opens it
        let failing = all + [.both("v-test-fails") { _ in "CREATE TABLE photo (id INTEGER)" }]
        var thrown: (any Error)?
        do { _ = try CatalogStore(path: lib.data + "/catalog.sqlite", steps: failing) } catch { thrown = error }
        // then the server is told which step failed, that the catalog is as it was, and where the copy is
        guard case .upgradeFailed(_, let failed, _, let copy?, let asItWas)? = thrown as? CatalogError else {
            Issue.record("expected upgradeFailed, got \(String(describing: thrown))"); return
        }
        #expect(failed == "v-test-fails" && asItWas)
        #expect(FileManager.default.fileExists(atPath: copy))
        #expect("\(thrown!)".contains(copy))
        // and the catalog holds the steps, schema and rows it held
        let state = try Self.state(lib)
        #expect(state.steps.last == step && state.check == ["ok"])
        #expect(try Self.dump(lib.data + "/catalog.sqlite") == before)
        // and today's version upgrades it
        let store = try CatalogStore.open(dataFolder: lib.data)
        #expect(try await store.pool.read { db in try Self.steps(db).last } == named.last)
    }

    @Test func aCatalogOfANewerVersionIsRefusedAndLeftUntouched() throws {
        // given a catalog a newer version upgraded, after a copy was kept
        let lib = try TestLibrary()
        try Self.oldestCatalog(lib)
        try CatalogStore.open(dataFolder: lib.data).pool.close()
        let path = lib.data + "/catalog.sqlite"
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
        try queue.close()
        let before = try Self.dump(path)
        // when this version opens it
        #expect { _ = try CatalogStore.open(dataFolder: lib.data) } throws: { error in
            guard case .newerCatalog(_, let steps, let copies)? = error as? CatalogError else { return false }
            // then it is refused, naming the step it does not know and the copy to go back to
            return steps == ["v99-from-the-future"] && copies.count == 1 && "\(error)".contains("photolala backup restore")
        }
        // and nothing was written to it (GRDB's opening of a pool writes and drops a table of its own)
        #expect(try Self.dump(path) == before)
        // and restore refuses the newer catalog as a copy
        #expect(throws: RestoreError.newer(path, ["v99-from-the-future"])) { try CatalogStore.inspectCopy(path) }
    }

    @Test func restorePutsACopyBackKeepingTheCatalogAsItWas() async throws {
        // given a catalog with a photo rated 2, a copy of it, then the rating changed to 5
        let lib = try TestLibrary()
        try Self.oldestCatalog(lib)
        let path = lib.data + "/catalog.sqlite"
        var store: CatalogStore? = try CatalogStore.open(dataFolder: lib.data)
        let id = try #require(try await store?.photo(key: "trip/a.jpg")?.photoId)
        try await store?.setRating(photoId: id, 2)
        try await store?.backup(to: lib.root + "/copy.sqlite")
        try await store?.setRating(photoId: id, 5)
        // when it is restored while the catalog is open, it is refused and nothing changes
        #expect(throws: RestoreError.inUse(path)) { _ = try CatalogStore.restore(copy: lib.root + "/copy.sqlite", over: path) }
        #expect(try await store?.photo(key: "trip/a.jpg")?.card.rating == 5)
        // when it is restored once the catalog is closed
        try store?.pool.close()
        store = nil
        let saved = try #require(try CatalogStore.restore(copy: lib.root + "/copy.sqlite", over: path))
        // then the catalog holds the copy's rating, and the one it replaced is kept
        let reopened = try CatalogStore.open(dataFolder: lib.data)
        #expect(try await reopened.photo(key: "trip/a.jpg")?.card.rating == 2)
        let kept = try CatalogStore(path: saved)
        #expect(try await kept.photo(key: "trip/a.jpg")?.card.rating == 5)
        // and a file that is not a catalog is refused
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: lib.root + "/junk.sqlite"))
        #expect { _ = try CatalogStore.restore(copy: lib.root + "/junk.sqlite", over: path) } throws: { error in
            if case .damaged? = error as? RestoreError { return true }
            return false
        }
        #expect(throws: RestoreError.missing(lib.root + "/none.sqlite")) { _ = try CatalogStore.restore(copy: lib.root + "/none.sqlite", over: path) }
    }

    @Test func aKillMidwayLeavesAWorkingCatalogAndTheCopy() async throws {
        // given a catalog one step behind, with rows
        let lib = try TestLibrary()
        // (SQLite's steps: the last of all may be PostgreSQL's alone)
        let named = CatalogSchema.steps.compactMap(\.sqlite?.name)
        let before = try #require(named.dropLast().last)
        let last = try #require(named.last)
        try Self.oldestCatalog(lib, upTo: before)
        // when the command that opens it is killed while today's last step runs
        let status = try UpgradeKill.run(["users", "list", "--data", lib.data], killIn: last)
        #expect(status == SIGKILL)
        // then the copy taken first is there, and the catalog is whole, at the step before
        let copies = CatalogStore.upgradeCopies(forCatalog: lib.data + "/catalog.sqlite")
        #expect(try copies.map { try CatalogStore.inspectCopy($0).lastStep } == [before])
        let state = try Self.state(lib)
        #expect(state.check == ["ok"] && state.steps.last == before && state.files == 2)
        // and the next start finishes the upgrade
        let store = try CatalogStore.open(dataFolder: lib.data)
        #expect(try await store.pool.read { db in try Self.steps(db).last } == last)
        #expect(try await store.photo(key: "trip/b.jpg") != nil)
    }
}

/// Runs the `photolala` binary built beside the tests, told to kill itself in a step.
enum UpgradeKill {
    static var binary: String {
        if let given = ProcessInfo.processInfo.environment["PHOTOLALA_BIN"], !given.isEmpty { return given }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("photolala").path
    }

    /// The signal that ended it, or -1 when it exited. (`Spawn`, not Foundation's `Process`,
    /// whose `run()` crashes now and then on Linux; `env` sets the variable and becomes the binary.)
    static func run(_ arguments: [String], killIn step: String) throws -> Int32 {
        let outcome = try Spawn.run("/usr/bin/env", ["PHOTOLALA_TEST_KILL_IN_STEP=" + step, binary] + arguments)
        return outcome.ending.signal ?? -1
    }
}
