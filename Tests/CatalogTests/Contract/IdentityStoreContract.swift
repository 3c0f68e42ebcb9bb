import Foundation
import Testing
import TestSupport
@testable import Catalog

/// Provider identities and sign-in states in every implementation: a subject is one account's,
/// and a sign-in's state is taken once, and not at all once it is too old.
@Suite struct IdentityStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func aSubjectIsOneAccountsAndAStateIsTakenOnce(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        // when ada's subject is linked, then it finds ada, again and again, and never bo
        try await store.linkIdentity(issuer: "https://id.example", subject: "s-1", accountId: ada.id, now: 1)
        try await store.linkIdentity(issuer: "https://id.example", subject: "s-1", accountId: ada.id, now: 2)
        #expect(try await store.account(issuer: "https://id.example", subject: "s-1")?.name == "ada")
        #expect(try await store.account(issuer: "https://other.example", subject: "s-1") == nil)
        await #expect(throws: IdentityError.subjectLinked) {
            try await store.linkIdentity(issuer: "https://id.example", subject: "s-1", accountId: bo.id, now: 3)
        }
        // and ada, linked to one of the issuer's people, is not linked to another
        await #expect(throws: IdentityError.accountLinked) {
            try await store.linkIdentity(issuer: "https://id.example", subject: "s-2", accountId: ada.id, now: 3)
        }
        try await store.linkIdentity(issuer: "https://other.example", subject: "s-2", accountId: ada.id, now: 3)
        // when a sign-in's state is kept, then it is taken once; a second take finds nothing
        let state = SignInState(stateHash: "h-1", nonce: "n", verifier: "v", next: "/albums", createdAt: 1_000)
        try await store.saveSignInState(state)
        #expect(try await store.takeSignInState(hash: "h-1", now: 1_100, maxAge: 600) == state)
        #expect(try await store.takeSignInState(hash: "h-1", now: 1_100, maxAge: 600) == nil)
        // and one too old is not given, and is gone
        try await store.saveSignInState(SignInState(stateHash: "h-2", nonce: "n", verifier: "v", next: "/", createdAt: 1_000))
        #expect(try await store.takeSignInState(hash: "h-2", now: 2_000, maxAge: 600) == nil)
        #expect(try await store.takeSignInState(hash: "h-2", now: 1_001, maxAge: 600) == nil)
        // and an account that goes takes its identities with it
        try await store.removeAccount(id: ada.id)
        #expect(try await store.account(issuer: "https://id.example", subject: "s-1") == nil)
    }
}
