import Foundation
import Testing
@testable import Catalog

/// What every `AccountStore` implementation must keep true about accounts.
@Suite struct AccountStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func namesAreValidAndUniqueWhateverTheirForm(_ kind: StoreUnderTest) async throws {
        // given an empty catalog
        let opened = try await kind.make()
        let store = opened.store
        #expect(try await !store.hasAccounts())
        // when accounts are added
        let ada = try await store.addAccount(name: "Ada", passwordHash: "h1", role: .admin, now: Date(timeIntervalSince1970: 7))
        await #expect(throws: AccountError.nameTaken("ada")) { try await store.addAccount(name: "ada", passwordHash: "h", role: .viewer, now: Date()) }
        await #expect(throws: AccountError.invalidName) { try await store.addAccount(name: "a b", passwordHash: "h", role: .viewer, now: Date()) }
        let bo = try await store.addAccount(name: "bo", passwordHash: "h2", role: .viewer, now: Date())
        // then each is found by id and by any form of its name, with its hash
        #expect(try await store.hasAccounts())
        #expect(ada.createdAt == 7)
        #expect(try await store.account(id: ada.id) == ada)
        #expect(try await store.account(named: "ＡＤＡ")?.account == ada)
        #expect(try await store.account(named: "bo")?.passwordHash == "h2")
        #expect(try await store.account(named: "cy") == nil)
        #expect(try await store.accounts().map(\.name) == ["Ada", "bo"])
        #expect(try await store.account(id: bo.id)?.role == .viewer)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func theFirstAccountTakesOverTheGuestsFavorites(_ kind: StoreUnderTest) async throws {
        // given a favorite marked before any account existed
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 20)
        try await CatalogSeed.catalogue([seed.picture("a.jpg", takenAt: 1)], in: store)
        try await store.setFavorite(photoId: try #require(try await store.photoId(forKey: "a.jpg")), viewer: .guest, true)
        // when two accounts are made
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        // then the first has it, the second and the guests do not
        #expect(try await store.count(.favorites(.account(ada.id))) == 1)
        #expect(try await store.count(.favorites(.account(bo.id))) == 0)
        #expect(try await store.count(.favorites(.guest)) == 0)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func theLastAdminStaysAndRemovalTakesItsFavorites(_ kind: StoreUnderTest) async throws {
        // given one admin and a member with a favorite
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 21)
        try await CatalogSeed.catalogue([seed.picture("a.jpg", takenAt: 1)], in: store)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        try await store.setFavorite(photoId: try #require(try await store.photoId(forKey: "a.jpg")), viewer: .account(bo.id), true)
        // when the last admin would go, and then a second admin arrives
        await #expect(throws: AccountError.lastAdmin) { try await store.setRole(accountId: ada.id, .member) }
        await #expect(throws: AccountError.lastAdmin) { try await store.removeAccount(id: ada.id) }
        try await store.setRole(accountId: bo.id, .admin)
        try await store.setRole(accountId: ada.id, .viewer)
        // then roles change, and a removed account leaves nothing behind
        #expect(try await store.account(id: ada.id)?.role == .viewer)
        try await store.setRole(accountId: ada.id, .admin)
        try await store.removeAccount(id: bo.id)
        #expect(try await store.account(id: bo.id) == nil)
        #expect(try await store.count(.favorites(.account(bo.id))) == 0)
        await #expect(throws: AccountError.notFound("#\(bo.id)")) { try await store.removeAccount(id: bo.id) }
        await #expect(throws: AccountError.notFound("#999")) { try await store.setPassword(accountId: 999, passwordHash: "x", keepSession: nil) }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func eachPersonsLayoutIsKeptWithTheirAccount(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        let max = try await store.addAccount(name: "max", passwordHash: "x", role: .member, now: Date())
        let vic = try await store.addAccount(name: "vic", passwordHash: "x", role: .viewer, now: Date())
        #expect(try await store.account(id: max.id)?.viewLayout == nil)
        try await store.setViewLayout(accountId: max.id, "list")
        #expect(try await store.account(id: max.id)?.viewLayout == "list")
        #expect(try await store.account(named: "max")?.account.viewLayout == "list")
        #expect(try await store.account(id: vic.id)?.viewLayout == nil)
        try await store.setViewLayout(accountId: max.id, String(repeating: "x", count: 100))
        #expect(try await store.account(id: max.id)?.viewLayout?.count == 16)
        try await store.setViewLayout(accountId: max.id, nil)
        #expect(try await store.accounts().first { $0.id == max.id }?.viewLayout == nil)
        // the language a person chose is theirs alone, kept short, and forgotten with nil
        try await store.setLanguage(accountId: max.id, "de")
        #expect(try await store.account(id: max.id)?.language == "de")
        #expect(try await store.account(named: "max")?.account.language == "de")
        #expect(try await store.account(id: vic.id)?.language == nil)
        try await store.setLanguage(accountId: max.id, String(repeating: "y", count: 40))
        #expect(try await store.account(id: max.id)?.language?.count == 16)
        try await store.setLanguage(accountId: max.id, nil)
        #expect(try await store.accounts().first { $0.id == max.id }?.language == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func accountsAreListedByNameWithoutCaseAndFoundWithoutSpaces(_ kind: StoreUnderTest) async throws {
        // given accounts whose names differ in case and in the first letter's case
        let opened = try await kind.make()
        let store = opened.store
        for name in ["bo", "Bea", "alice", "Ada", "cy"] {
            try await store.addAccount(name: name, passwordHash: "h", role: .member, now: Date(timeIntervalSince1970: 1))
        }
        // then they are listed as a person reads them, not by byte order (capitals first)
        #expect(try await store.accounts().map(\.name) == ["Ada", "alice", "Bea", "bo", "cy"])
        // and a name is found without its surrounding spaces and in any case, kept as it was made
        #expect(try await store.account(named: "  BEA ")?.account.name == "Bea")
        await #expect(throws: AccountError.nameTaken("ALICE")) {
            try await store.addAccount(name: " ALICE ", passwordHash: "h", role: .viewer, now: Date())
        }
        await #expect(throws: AccountError.invalidName) {
            try await store.addAccount(name: String(repeating: "a", count: 33), passwordHash: "h", role: .viewer, now: Date())
        }
        #expect(try await store.accounts().count == 5)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func changesToAnUnknownAccountAreRefusedAndTheLastAdminMayStayAdmin(_ kind: StoreUnderTest) async throws {
        // given a single admin
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        // when an account that does not exist is changed or removed, then it is not found
        await #expect(throws: AccountError.notFound("#999")) { try await store.setRole(accountId: 999, .viewer) }
        await #expect(throws: AccountError.notFound("#999")) { try await store.removeAccount(id: 999) }
        #expect(try await store.account(id: 999) == nil)
        // and the last admin may be made admin again without being refused
        try await store.setRole(accountId: ada.id, .admin)
        #expect(try await store.account(id: ada.id)?.role == .admin)
        #expect(try await store.accounts() == [ada])
    }
}
