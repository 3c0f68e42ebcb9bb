import Foundation
import Testing
@testable import Catalog

/// What every `SessionStore` implementation must do with sign-in sessions.
@Suite struct SessionStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func sessionsExpireSlideAndEnd(_ kind: StoreUnderTest) async throws {
        // given an account with two sessions made at 1000, open until 2000
        let opened = try kind.make()
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
        let opened = try kind.make()
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
}
