import Foundation
import GRDB
import Testing
@testable import Catalog

/// A kill between a trash move's steps is finished or undone at the next start: no photo lost,
/// no row without its file, no file without its row.
@Suite struct TrashRecoveryTests {
    struct Setup {
        let lib: TestLibrary
        let store: CatalogStore
        let source: LocalFolderSource
        var trash: String { lib.data + "/trash" }
    }

    func setup() async throws -> Setup {
        let lib = try TestLibrary()
        try lib.addJPEG("trip/a.jpg", seed: 1)
        try lib.addJPEG("trip/b.jpg", seed: 2)
        let store = try CatalogStore.open(dataFolder: lib.data)
        let source = LocalFolderSource(root: lib.library)
        try await LibraryScanner(source: source, store: store, journal: ReadJournal(dataFolder: lib.data), workers: 1).run()
        try await store.setRating(photoId: try #require(try await store.photoId(forKey: "trip/a.jpg")), 4)
        return Setup(lib: lib, store: store, source: source)
    }

    func fileRow(_ s: Setup, _ key: String) async throws -> Bool {
        try await s.store.pool.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM file WHERE key = ?)", arguments: [key]) } ?? false
    }

    func beginAndMove(_ s: Setup, _ key: String, move: Bool) async throws {
        let row = try #require(try await s.store.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT photoId, size, mtimeNs FROM file WHERE key = ?", arguments: [key])
        })
        let id = try s.store.beginTrash(key: key, row: row)
        let relative = try await s.store.pool.read { db in try String.fetchOne(db, sql: "SELECT trashPath FROM trash WHERE id = ?", arguments: [id])! }
        if move { try FileMover.move(from: s.lib.library + "/" + key, to: s.trash + "/" + relative) }
    }

    @Test func aDeleteKilledAfterTheMoveIsFinished() async throws {
        let s = try await setup()
        try await beginAndMove(s, "trip/a.jpg", move: true)  // killed here
        #expect(try s.store.recoverTrashMoves(source: s.source, trashFolder: s.trash) == 1)
        #expect(try await !fileRow(s, "trip/a.jpg"))
        let item = try #require(try s.store.trashItems().first)
        #expect(item.key == "trip/a.jpg")
        // and it restores with its stars
        try s.store.restore(trashId: item.id, source: s.source, trashFolder: s.trash)
        #expect(try await s.store.photo(key: "trip/a.jpg")?.rating == 4)
    }

    @Test func aDeleteKilledBeforeTheMoveIsUndone() async throws {
        let s = try await setup()
        try await beginAndMove(s, "trip/a.jpg", move: false)  // killed here
        #expect(try s.store.recoverTrashMoves(source: s.source, trashFolder: s.trash) == 1)
        #expect(try await fileRow(s, "trip/a.jpg"))
        #expect(try s.store.trashItems().isEmpty)
        #expect(FileManager.default.fileExists(atPath: s.lib.library + "/trip/a.jpg"))
    }

    @Test func aRestoreKilledAfterTheMoveIsFinished() async throws {
        let s = try await setup()
        try s.store.moveToTrash(key: "trip/a.jpg", source: s.source, trashFolder: s.trash)
        let item = try #require(try s.store.trashItems().first)
        let trashPath = try #require(try await s.store.pool.read { db in
            try String.fetchOne(db, sql: "SELECT trashPath FROM trash WHERE id = ?", arguments: [item.id])
        })
        try await s.store.pool.write { db in try db.execute(sql: "UPDATE trash SET pending = 2 WHERE id = ?", arguments: [item.id]) }
        try FileMover.move(from: s.trash + "/" + trashPath, to: s.lib.library + "/trip/a.jpg")  // killed here
        #expect(try s.store.recoverTrashMoves(source: s.source, trashFolder: s.trash) == 1)
        #expect(try await fileRow(s, "trip/a.jpg") && s.store.trashItems().isEmpty)
        #expect(try await s.store.photo(key: "trip/a.jpg")?.rating == 4)
    }

    @Test func anEmptyingKilledPartWayIsFinished() async throws {
        let s = try await setup()
        try s.store.moveToTrash(key: "trip/a.jpg", source: s.source, trashFolder: s.trash)
        try s.store.moveToTrash(key: "trip/b.jpg", source: s.source, trashFolder: s.trash)
        try await s.store.pool.write { db in try db.execute(sql: "UPDATE trash SET pending = 3") }
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: s.trash).first)
        try FileManager.default.removeItem(atPath: s.trash + "/" + first)  // killed after one file
        #expect(try s.store.recoverTrashMoves(source: s.source, trashFolder: s.trash) == 2)
        let rows = try await s.store.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trash") }
        #expect(rows == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.trash).isEmpty)
    }
}
