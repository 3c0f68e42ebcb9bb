import Foundation
import Testing
@testable import Catalog

/// What every `SessionStore` implementation must do with sign-in sessions.
@Suite struct SessionStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func sessionsExpireSlideAndEnd(_ kind: StoreUnderTest) async throws {
        // given an account with two sessions made at 1000, open until 2000
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        try await store.createSession(tokenHash: "one", accountId: ada.id, expiresAt: 2000, now: 1000)
        try await store.createSession(tokenHash: "two", accountId: ada.id, expiresAt: 2000, now: 1000)
        // then each opens the account until it expires, and not past its absolute lifetime
        #expect(try await store.session(tokenHash: "one", now: 1500, madeAfter: .min)?.account == ada)
        #expect(try await store.session(tokenHash: "one", now: 1500, madeAfter: .min)?.lastSeenAt == 1000)
        #expect(try await store.session(tokenHash: "one", now: 2000, madeAfter: .min) == nil)
        #expect(try await store.session(tokenHash: "one", now: 1500, madeAfter: 1000) == nil)
        #expect(try await store.session(tokenHash: "nope", now: 1500, madeAfter: .min) == nil)
        // when one is used and slid forward
        try await store.touchSession(tokenHash: "one", expiresAt: 3000, now: 1900)
        // then it lives longer and was seen then
        #expect(try await store.session(tokenHash: "one", now: 2500, madeAfter: .min)?.lastSeenAt == 1900)
        // when the expired one is purged and the other signs out
        try await store.purgeExpiredSessions(now: 2500)
        #expect(try await store.session(tokenHash: "two", now: 1500, madeAfter: .min) == nil)
        try await store.deleteSession(tokenHash: "one")
        // then none is left
        #expect(try await store.session(tokenHash: "one", now: 2500, madeAfter: .min) == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aNewPasswordEndsEveryOtherSession(_ kind: StoreUnderTest) async throws {
        // given an account signed in twice
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "old", role: .admin, now: Date())
        try await store.createSession(tokenHash: "kept", accountId: ada.id, expiresAt: 2000, now: 1000)
        try await store.createSession(tokenHash: "other", accountId: ada.id, expiresAt: 2000, now: 1000)
        // when the password changes from one session
        try await store.setPassword(accountId: ada.id, passwordHash: "new", keepSession: "kept")
        // then that session stays, the other ends, and the hash is new
        #expect(try await store.session(tokenHash: "kept", now: 1500, madeAfter: .min) != nil)
        #expect(try await store.session(tokenHash: "other", now: 1500, madeAfter: .min) == nil)
        #expect(try await store.account(named: "ada")?.passwordHash == "new")
        // and a reset from elsewhere ends them all
        try await store.setPassword(accountId: ada.id, passwordHash: "newer", keepSession: nil)
        #expect(try await store.session(tokenHash: "kept", now: 1500, madeAfter: .min) == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aSessionShowsEveryChangeToItsAccountAtOnceHoweverOftenItIsRead(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        try await store.createSession(tokenHash: "bo", accountId: bo.id, expiresAt: 2000, now: 1000)
        let read = { try await store.session(tokenHash: "bo", now: 1500, madeAfter: .min)?.account }
        // read twice (a store may keep what it read), then changed: the next read says so
        #expect(try await read()?.role == .member)
        #expect(try await read()?.role == .member)
        try await store.setRole(accountId: bo.id, .viewer)
        #expect(try await read()?.role == .viewer)
        try await store.setViewLayout(accountId: bo.id, "list")
        #expect(try await read()?.viewLayout == "list")
        try await store.touchSession(tokenHash: "bo", expiresAt: 1600, now: 1400)
        #expect(try await store.session(tokenHash: "bo", now: 1500, madeAfter: .min)?.lastSeenAt == 1400)
        #expect(try await store.session(tokenHash: "bo", now: 1600, madeAfter: .min) == nil, "expired by the slide")
        try await store.touchSession(tokenHash: "bo", expiresAt: 2000, now: 1500)
        _ = try await read()
        try await store.removeAccount(id: bo.id)
        #expect(try await read() == nil)
        _ = ada
    }

    @Test func anotherProcessesChangeIsSeenWithinTheCachesLifetime() async throws {
        // two stores on one catalog file, as the server and the `users` command are
        let folder = NSTemporaryDirectory() + "photolala-sessions-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try CatalogStore.open(dataFolder: folder)
        let command = try CatalogStore.open(dataFolder: folder)
        let ada = try await server.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let bo = try await server.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        try await server.createSession(tokenHash: "bo", accountId: bo.id, expiresAt: 2000, now: 1000)
        #expect(try await server.session(tokenHash: "bo", now: 1500, madeAfter: .min)?.account.role == .member)
        try await command.setPassword(accountId: bo.id, passwordHash: "new", keepSession: nil)
        // the server may answer from what it read for a few seconds, never longer
        #expect(try await server.session(tokenHash: "bo", now: 1500 + SessionCache.lifetime, madeAfter: .min) == nil)
        _ = ada
    }

    @Test(arguments: StoreUnderTest.allCases)
    func endingSessionsTouchesOnlyThoseMeant(_ kind: StoreUnderTest) async throws {
        // given two accounts with sessions ending at 2000 and 2001, all read once (a store may keep them)
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .admin, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        try await store.createSession(tokenHash: "ada-1", accountId: ada.id, expiresAt: 2000, now: 1000)
        try await store.createSession(tokenHash: "ada-2", accountId: ada.id, expiresAt: 2001, now: 1000)
        try await store.createSession(tokenHash: "bo-1", accountId: bo.id, expiresAt: 2001, now: 1000)
        try await store.createSession(tokenHash: "bo-2", accountId: bo.id, expiresAt: 2001, now: 1000)
        try await store.createSession(tokenHash: "bo-3", accountId: bo.id, expiresAt: 2000, now: 1000)
        for token in ["ada-1", "ada-2", "bo-1", "bo-2", "bo-3"] {
            #expect(try await store.session(tokenHash: token, now: 1500, madeAfter: .min) != nil)
        }
        // when one of bo's sessions signs out, then only that one ends
        try await store.deleteSession(tokenHash: "bo-1")
        #expect(try await store.session(tokenHash: "bo-1", now: 1500, madeAfter: .min) == nil)
        #expect(try await store.session(tokenHash: "bo-2", now: 1500, madeAfter: .min)?.account == bo)
        // when ada's password is reset from one session, then her other one ends and bo's stay
        try await store.setPassword(accountId: ada.id, passwordHash: "new", keepSession: "ada-2")
        #expect(try await store.session(tokenHash: "ada-1", now: 1500, madeAfter: .min) == nil)
        #expect(try await store.session(tokenHash: "bo-2", now: 1500, madeAfter: .min)?.account == bo)
        // when sessions expiring at 2000 or before are purged, then they are gone, and those expiring a second later stay
        try await store.purgeExpiredSessions(now: 2000)
        #expect(try await store.session(tokenHash: "bo-3", now: 1500, madeAfter: .min) == nil)
        #expect(try await store.session(tokenHash: "ada-2", now: 1500, madeAfter: .min)?.account == ada)
        #expect(try await store.session(tokenHash: "bo-2", now: 2000, madeAfter: .min)?.lastSeenAt == 1000)
    }
}
