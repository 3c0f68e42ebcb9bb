import Foundation
import GRDB
import Imaging
import Testing
@testable import Catalog

@Suite struct AccountStoreTests {
    @Test func namesAreUniqueWhateverTheirCase() async throws {
        let lib = try TestLibrary()
        let store = try CatalogStore.open(dataFolder: lib.data)
        try await store.addAccount(name: "Ada", passwordHash: "h", role: .admin)
        await #expect(throws: AccountError.nameTaken("ada")) { try await store.addAccount(name: "ada", passwordHash: "h", role: .viewer) }
        await #expect(throws: AccountError.invalidName) { try await store.addAccount(name: "a b", passwordHash: "h", role: .viewer) }
        await #expect(throws: AccountError.invalidName) { try await store.addAccount(name: "", passwordHash: "h", role: .viewer) }
        #expect(try await store.account(named: "ADA")?.account.name == "Ada")
    }

    @Test func theFirstAccountKeepsFavoritesMarkedBeforeAccountsExisted() async throws {
        // given a favorite marked while the gallery had no accounts
        let lib = try TestLibrary()
        try lib.addJPEG("a.jpg", seed: 1)
        let store = try CatalogStore.open(dataFolder: lib.data)
        try await lib.scanner(store, workers: 1).run()
        let photo = try #require(try await store.photoId(forKey: "a.jpg"))
        try await store.setFavorite(photoId: photo, viewer: .guest, true)
        // when the first admin is made, and then a second account
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member)
        // then the favorite is the admin's, not the next person's
        #expect(try await store.count(.favorites(.account(ada.id))) == 1)
        #expect(try await store.count(.favorites(.account(bo.id))) == 0)
        // and removing an account removes its favorites too
        try await store.setFavorite(photoId: photo, viewer: .account(bo.id), true)
        try await store.removeAccount(id: bo.id)
        let orphans = try await store.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM favorite WHERE userId = ?", arguments: [bo.id]) }
        #expect(orphans == 0)
    }

    @Test func theLastAdminStays() async throws {
        let lib = try TestLibrary()
        let store = try CatalogStore.open(dataFolder: lib.data)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        await #expect(throws: AccountError.lastAdmin) { try await store.setRole(accountId: ada.id, .member) }
        await #expect(throws: AccountError.lastAdmin) { try await store.removeAccount(id: ada.id) }
        let cy = try await store.addAccount(name: "cy", passwordHash: "h", role: .admin)
        try await store.setRole(accountId: ada.id, .viewer)
        await #expect(throws: AccountError.lastAdmin) { try await store.removeAccount(id: cy.id) }
    }

    @Test func sessionsExpireEndAndFollowPasswordChanges() async throws {
        let lib = try TestLibrary()
        let store = try CatalogStore.open(dataFolder: lib.data)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        try await store.createSession(tokenHash: "one", accountId: ada.id, expiresAt: 2000, now: 1000)
        try await store.createSession(tokenHash: "two", accountId: ada.id, expiresAt: 2000, now: 1000)
        #expect(try await store.session(tokenHash: "one", now: 1500)?.account == ada)
        #expect(try await store.session(tokenHash: "one", now: 2000) == nil)
        try await store.setPassword(accountId: ada.id, passwordHash: "new", keepSession: "one")
        #expect(try await store.session(tokenHash: "one", now: 1500) != nil)
        #expect(try await store.session(tokenHash: "two", now: 1500) == nil)
        try await store.deleteSession(tokenHash: "one")
        #expect(try await store.session(tokenHash: "one", now: 1500) == nil)
    }

    @Test func shareLinksBelongToTheirOwner() async throws {
        let lib = try TestLibrary()
        let store = try CatalogStore.open(dataFolder: lib.data)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member)
        let id = try await store.createShare(token: "t1", accountId: bo.id, kind: .tag, value: "sea", filter: "min_rating=3",
                                       expiresAt: 500, now: 100)
        #expect(try await store.share(token: "t1")?.ownerName == "bo")
        let link = try await store.share(token: "t1")
        #expect(link?.isLive(at: 499) == true && link?.isLive(at: 500) == false)
        #expect(try await store.shares(accountId: ada.id).isEmpty)
        #expect(try await store.shares(accountId: nil).count == 1)
        #expect(try await !store.deleteShare(id: id, accountId: ada.id))
        #expect(try await store.deleteShare(id: id, accountId: nil))
        try await store.createShare(token: "t2", accountId: bo.id, kind: .favorites, value: "", filter: "", expiresAt: nil, now: 100)
        try await store.removeAccount(id: bo.id)
        #expect(try await store.share(token: "t2") == nil)
    }

    @Test func shareTokensAreStoredOnlyAsTheirHash() async throws {
        // given a link made with a token
        let lib = try TestLibrary()
        let store = try CatalogStore.open(dataFolder: lib.data)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin)
        let token = String(repeating: "T", count: 43)
        try await store.createShare(token: token, accountId: ada.id, kind: .folder, value: "", filter: "", expiresAt: nil, now: 0)
        // when the catalog is read as a copy of it would be
        let stored = try store.pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM shareLink") }
        // then the token is nowhere in it, only its SHA-256, and the link still opens by its token
        let values = stored.flatMap { row in row.databaseValues.compactMap { String.fromDatabaseValue($0) } }
        #expect(!values.contains(token))
        #expect(values.contains(Self.sha256Hex(token)))
        #expect(try await store.share(token: token)?.accountId == ada.id)
    }

    @Test func linksMadeBeforeTokensWereHashedKeepWorking() async throws {
        // given a catalog as it was before share tokens were hashed, holding a link
        let lib = try TestLibrary()
        let path = lib.data + "/catalog.sqlite"
        try FileManager.default.createDirectory(atPath: lib.data, withIntermediateDirectories: true)
        let token = String(repeating: "O", count: 43)
        do {
            let old = try DatabaseQueue(path: path)
            try CatalogMigrations.migrator.migrate(old, upTo: "v5-trash-journal")
            try await old.write { db in
                try db.execute(sql: "INSERT INTO account (name, passwordHash, role, createdAt) VALUES ('ada', 'h', 'admin', 0)")
                try db.execute(sql: "INSERT INTO shareLink (token, accountId, kind, value, createdAt) VALUES (?, 1, 'folder', '', 0)",
                               arguments: [token])
            }
        }
        // when the current version opens it
        let store = try CatalogStore.open(dataFolder: lib.data)
        // then the old link opens by its token, and the token itself is gone from the catalog
        #expect(try await store.share(token: token)?.ownerName == "ada")
        let stored = try store.pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM shareLink") }
        #expect(!stored.flatMap { $0.databaseValues.compactMap { String.fromDatabaseValue($0) } }.contains(token))
    }

    /// Lower-case hex SHA-256, computed here independently of the catalog's own helper.
    static func sha256Hex(_ text: String) -> String {
        let file = NSTemporaryDirectory() + "/photolala-sha-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let data = (try? Spawn.run("/usr/bin/env", ["sha256sum", file]))?.output ?? []
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
