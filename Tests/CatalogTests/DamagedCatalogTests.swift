import Foundation
import GRDB
import Testing
@testable import Catalog

@Suite struct DamagedCatalogTests {
    @Test func aDamagedCatalogIsRefusedAndLeftAsItWas() throws {
        // given a data folder whose catalog is not a database
        let lib = try TestLibrary()
        let path = lib.data + "/catalog.sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        // when it is opened, then it is refused naming the file, and nothing replaced it
        let error = #expect(throws: CatalogError.self) { try CatalogStore.open(dataFolder: lib.data) }
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("photolala backup") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func aTruncatedCatalogNamesTheNewestDailyBackup() async throws {
        // given a real catalog with two daily backups
        let lib = try TestLibrary()
        let store = try CatalogStore.open(dataFolder: lib.data)
        try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        try await store.dailyBackup(now: Date(timeIntervalSince1970: 1_700_000_000))
        try await store.dailyBackup(now: Date(timeIntervalSince1970: 1_700_100_000))
        _ = try await store.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        // when the catalog file is cut short (a disk fault, say)
        let path = lib.data + "/catalog.sqlite"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        // then opening it names the newest backup, which holds the account
        let error = #expect(throws: CatalogError.self) { try CatalogStore(path: path) }
        let newest = lib.data + "/backups/catalog-2023-11-16.sqlite"
        #expect(error?.description.contains(newest) == true, "\(error?.description ?? "")")
        let restored = try DatabaseQueue(path: newest)
        #expect(try await restored.read { db in try String.fetchOne(db, sql: "SELECT name FROM account") } == "ada")
    }

    @Test func dailyBackupsKeepTheNewestSeven() async throws {
        let lib = try TestLibrary()
        let store = try CatalogStore.open(dataFolder: lib.data)
        for day in 0..<10 { try await store.dailyBackup(now: Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400)) }
        try await store.dailyBackup(now: Date(timeIntervalSince1970: 1_700_000_000 + 9 * 86_400 + 60))  // the same day again: no new file
        let names = try FileManager.default.contentsOfDirectory(atPath: lib.data + "/backups").sorted()
        #expect(names.count == 7 && names.last == "catalog-2023-11-23.sqlite")
    }
}

@Suite struct StorageFailureTests {
    @Test func aFullOrFailingDiskIsRecognised() {
        #expect(CatalogStore.isStorageFailure(DatabaseError(resultCode: .SQLITE_FULL)))
        #expect(CatalogStore.isStorageFailure(DatabaseError(resultCode: .SQLITE_IOERR)))
        #expect(!CatalogStore.isStorageFailure(DatabaseError(resultCode: .SQLITE_CONSTRAINT)))
        #expect(!CatalogStore.isStorageFailure(CancellationError()))
    }
}
