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

    @Test(arguments: [CatalogCheck.beforeOpening, .whileServing])
    func aTruncatedCatalogNamesTheNewestDailyBackup(check: CatalogCheck) async throws {
        // given a real catalog with two daily backups
        let lib = try TestLibrary()
        let path = try await Self.catalogWithBackups(lib)
        // when the catalog file is cut short (a disk fault, say)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        // then opening it is refused, even for a server that checks the rest beside its first
        // requests, naming the newest backup, which holds the account
        let error = #expect(throws: CatalogError.self) { try CatalogStore(path: path, check: check) }
        let newest = lib.data + "/backups/catalog-2023-11-16.sqlite"
        #expect(error?.description.contains(newest) == true, "\(error?.description ?? "")")
        let restored = try DatabaseQueue(path: newest)
        #expect(try await restored.read { db in try String.fetchOne(db, sql: "SELECT name FROM account") } == "ada")
    }

    @Test func damageWithinTheFileFoundBesideTheFirstRequestsEndsTheServerAndNothingIsWritten() async throws {
        // given a real catalog with daily backups, whose file table's first page is overwritten
        // (the file's length is as it was, so only reading every page finds it)
        let lib = try TestLibrary()
        let path = try await Self.catalogWithBackups(lib)
        let root = try await DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'file'")
        }
        let page = try #require(root)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * 4096))
        try handle.write(contentsOf: Data(repeating: 0xEE, count: 4096))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // when a server opens it, the check runs beside it: opening does not wait for it
        let store = try CatalogStore(path: path, check: .whileServing)
        // then no write lands, the catalog's service ends the server naming the newest backup,
        // and the file is as it was
        await #expect(throws: CatalogError.self) { try await store.addAccount(name: "bo", passwordHash: "h", role: .member) }
        let service = try #require(store.capabilities.service)
        let error = await #expect(throws: CatalogError.self) { try await service.run() }
        #expect(error?.description.contains(lib.data + "/backups/catalog-2023-11-16.sqlite") == true, "\(error?.description ?? "")")
        await #expect(throws: CatalogError.self) { try await store.backup(to: lib.data + "/copy.sqlite") }
        #expect(!FileManager.default.fileExists(atPath: lib.data + "/copy.sqlite"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aWholeCatalogCheckedBesideTheFirstRequestsTakesWritesOnceChecked() async throws {
        let lib = try TestLibrary()
        let path = try await Self.catalogWithBackups(lib)
        let store = try CatalogStore(path: path, check: .whileServing)
        try await store.addAccount(name: "bo", passwordHash: "h", role: .member)
        #expect(try await store.accounts().map(\.name).sorted() == ["ada", "bo"])
    }

    @Test func aWriteWaitsForTheCheckAndACancelledOneLeaves() async throws {
        let integrity = CatalogIntegrity.checking()
        let waiting = Task { try await integrity.passed() }
        let leaving = Task { try await integrity.passed() }
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        try await Task.sleep(for: .milliseconds(20))
        integrity.settle(nil)
        try await waiting.value
        try await integrity.passed()
        let damaged = CatalogIntegrity.checking()
        damaged.settle(.damaged(path: "/srv/photos-data/catalog.sqlite", reason: "a page", newestBackup: nil))
        damaged.settle(nil)  // (a verdict is given once)
        await #expect(throws: CatalogError.self) { try await damaged.passed() }
    }

    /// A real catalog in `lib`'s data folder with an account, two daily backups and its log
    /// copied in; its path.
    static func catalogWithBackups(_ lib: TestLibrary) async throws -> String {
        let store = try CatalogStore.open(dataFolder: lib.data)
        try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        try await store.dailyBackup(now: Date(timeIntervalSince1970: 1_700_000_000))
        try await store.dailyBackup(now: Date(timeIntervalSince1970: 1_700_100_000))
        _ = try await store.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        return lib.data + "/catalog.sqlite"
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
