import Foundation
import GRDB
import Synchronization
import Testing
@testable import Catalog

@Suite struct BackupTests {
    @Test func aBackupTakenDuringWritesIsConsistent() async throws {
        // given a catalog with photos, an account, and a writer that keeps changing ratings
        let lib = try TestLibrary()
        for i in 0..<20 { try lib.addJPEG("p\(i).jpg", seed: i) }
        let store = try CatalogStore.open(dataFolder: lib.data)
        try await lib.scanner(store).run()
        try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
                var found: [Int64] = []
        for n in 0..<20 { if let id = try await store.photoId(forKey: "p\(n).jpg") { found.append(id) } }
        let ids = found
        let written = Atomic<Int>(0)
        let writer = Task.detached {
            var n = 0
            while !Task.isCancelled {
                try await store.setRating(photoId: ids[n % ids.count], n % 6)
                n += 1
                written.store(n, ordering: .relaxed)
            }
        }
        while written.load(ordering: .relaxed) < 3 { try await Task.sleep(for: .milliseconds(5)) }
        // when backups are taken while it writes
        let before = written.load(ordering: .relaxed)
        let output = lib.root + "/backup.sqlite"
        var backups = 0
        repeat {
            try await store.backup(to: output)
            backups += 1
        } while backups < 5 || (written.load(ordering: .relaxed) - before < 3 && backups < 500)
        let writes = written.load(ordering: .relaxed) - before
        writer.cancel()
        try await writer.value
        // then the copy passes the integrity check and holds the catalog
        let copy = try DatabaseQueue(path: output)
        let (verdict, photos, account) = try await copy.read { db in
            (try String.fetchOne(db, sql: "PRAGMA integrity_check"), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo"),
             try String.fetchOne(db, sql: "SELECT name FROM account"))
        }
        #expect(verdict == "ok" && photos == 20 && account == "ada")
        #expect(writes > 0, "the writer kept writing while the backups ran")
        #expect(try FileManager.default.contentsOfDirectory(atPath: lib.root).filter { $0.contains(".partial-") }.isEmpty)
    }
}
