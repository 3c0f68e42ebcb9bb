import Foundation
import GRDB
import Testing
@testable import Catalog

@Suite struct BackupTests {
    @Test func aBackupTakenDuringWritesIsConsistent() async throws {
        // given a catalog with photos, an account, and a writer that keeps changing ratings
        let lib = try TestLibrary()
        for i in 0..<20 { try lib.addJPEG("p\(i).jpg", seed: i) }
        let store = try CatalogStore.open(dataFolder: lib.data)
        try await LibraryScanner(source: LocalFolderSource(root: lib.library), store: store, workers: 2).run()
        try store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        let ids = try (0..<20).compactMap { try store.photoId(forKey: "p\($0).jpg") }
        let writer = Task {
            var n = 0
            while !Task.isCancelled {
                try store.setRating(photoId: ids[n % ids.count], n % 6)
                n += 1
            }
            return n
        }
        // when backups are taken while it writes
        let output = lib.root + "/backup.sqlite"
        for _ in 0..<5 { try store.backup(to: output) }
        writer.cancel()
        let writes = try await writer.value
        // then the copy passes the integrity check and holds the catalog
        let copy = try DatabaseQueue(path: output)
        let (verdict, photos, account) = try await copy.read { db in
            (try String.fetchOne(db, sql: "PRAGMA integrity_check"), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo"),
             try String.fetchOne(db, sql: "SELECT name FROM account"))
        }
        #expect(verdict == "ok" && photos == 20 && account == "ada")
        #expect(writes > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: lib.root).filter { $0.contains(".partial-") }.isEmpty)
    }
}
