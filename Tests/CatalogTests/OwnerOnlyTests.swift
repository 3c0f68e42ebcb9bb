import Foundation
import Testing
@testable import Catalog

/// What holds the household's secrets is created for the server's user alone, whatever the
/// umask (`OwnerOnly`): the data folder, the catalog and SQLite's journal beside it, backups and
/// the trash.
@Suite struct OwnerOnlyTests {
    private func mode(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mode & 0o777) : -1
    }

    @Test func theCatalogItsJournalBackupsAndTheTrashAreTheServersUsersAlone() async throws {
        // given a data folder that is not there yet (made under the process's umask, 022 as a
        // rule, which would leave files 0644 and folders 0755)
        let root = NSTemporaryDirectory() + "photolala-modes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data", library = root + "/library"
        try FileManager.default.createDirectory(atPath: library + "/trip", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: library + "/trip/a.jpg", contents: Data([1, 2, 3]))
        // when the catalog is opened, written, backed up, and a file goes to the trash
        let store = try CatalogStore.open(dataFolder: data)
        _ = try await store.addAccount(name: "ada", passwordHash: "x", role: .admin, now: Date())
        try await store.dailyBackup()
        let source = LocalFolderSource(root: library, trashFolder: data + "/trash")
        try await source.moveToTrash("trip/a.jpg", as: "1/a.jpg")
        // then each is readable by its owner alone
        #expect(mode(data) == 0o700)
        for file in ["catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm"] {
            #expect(mode(data + "/" + file) == 0o600, "\(file)")
        }
        #expect(mode(data + "/backups") == 0o700)
        let backups = try FileManager.default.contentsOfDirectory(atPath: data + "/backups")
        #expect(!backups.isEmpty && backups.allSatisfy { mode(data + "/backups/" + $0) == 0o600 })
        #expect(mode(data + "/trash") == 0o700)
        // and a data folder left open before is closed when the catalog opens it again
        #expect(chmod(data, 0o755) == 0)
        _ = try CatalogStore.open(dataFolder: data)
        #expect(mode(data) == 0o700)
    }

    @Test func aFileWrittenOnceIsTheOwnersAloneAndKeptAgainstASecondWrite() throws {
        // given a data folder
        let root = NSTemporaryDirectory() + "photolala-once-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try OwnerOnly.folder(root)
        let path = root + "/secret"
        // when a file is written once, then again with other bytes
        let first = try OwnerOnly.writeOnce(Data([1, 2, 3]), to: path)
        let second = try OwnerOnly.writeOnce(Data([9, 9]), to: path)
        // then the first bytes stay, readable by the owner alone, with no draft left beside them
        #expect(first == Data([1, 2, 3]) && second == first)
        #expect(FileManager.default.contents(atPath: path) == first)
        #expect(mode(path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["secret"])
    }
}
