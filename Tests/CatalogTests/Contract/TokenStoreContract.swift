import Foundation
import Testing
import TestSupport
@testable import Catalog

/// API tokens in every implementation: found by their secret's hash with their scopes and
/// frame, a label taken once per account, a frame token reads only, and a revoked token is gone
/// at once.
@Suite struct TokenStoreContract {
    @Test(arguments: StoreUnderTest.allCases)
    func tokensKeepTheirScopesAndFramesAndAreRevokedAtOnce(_ kind: StoreUnderTest) async throws {
        // given two members, one with a script's token and a frame's
        let opened = try await kind.make()
        let store = opened.store
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let bo = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        let script = try await store.addToken(accountId: ada.id, label: "  Backup script ", secretHash: "t-1",
                                              scopes: [.curate, .read], frame: nil, now: 100)
        let frame = try await store.addToken(accountId: ada.id, label: "Kitchen frame", secretHash: "t-2",
                                             scopes: [.read], frame: .album(7), now: 200)
        // then the label is trimmed, and each reads back as it was made, newest first
        #expect(script.label == "Backup script")
        #expect(try await store.tokens(accountId: ada.id).map(\.label) == ["Kitchen frame", "Backup script"])
        let found = try #require(try await store.token(secretHash: "t-1"))
        #expect(found.token.scopes == [.read, .curate] && found.token.frame == nil && found.account.name == "ada")
        #expect(try await store.token(secretHash: "t-2")?.token.frame == .album(7))
        // and a label is taken once an account whatever its case; none empty, none without a
        // scope, and no frame token that does more than read
        await #expect(throws: TokenError.labelTaken("KITCHEN FRAME")) {
            try await store.addToken(accountId: ada.id, label: "KITCHEN FRAME", secretHash: "t-3", scopes: [.read], frame: nil, now: 300)
        }
        await #expect(throws: TokenError.emptyLabel) {
            try await store.addToken(accountId: ada.id, label: " ", secretHash: "t-3", scopes: [.read], frame: nil, now: 300)
        }
        await #expect(throws: TokenError.noScope) {
            try await store.addToken(accountId: ada.id, label: "None", secretHash: "t-3", scopes: [], frame: nil, now: 300)
        }
        await #expect(throws: TokenError.frameReadsOnly) {
            try await store.addToken(accountId: ada.id, label: "Frame", secretHash: "t-3", scopes: [.read, .curate], frame: .share(1), now: 300)
        }
        _ = try await store.addToken(accountId: bo.id, label: "Kitchen frame", secretHash: "t-4", scopes: [.upload], frame: nil, now: 300)
        // when it is used twice within a minute, then a minute later
        try await store.touchToken(id: script.id, now: 1_000)
        try await store.touchToken(id: script.id, now: 1_030)
        #expect(try await store.token(secretHash: "t-1")?.token.lastUsedAt == 1_000)
        try await store.touchToken(id: script.id, now: 1_061)
        #expect(try await store.token(secretHash: "t-1")?.token.lastUsedAt == 1_061)
        // when bo tries to revoke ada's token nothing happens; when ada does, it is gone
        #expect(try await !store.revokeToken(id: frame.id, accountId: bo.id))
        #expect(try await store.revokeToken(id: frame.id, accountId: ada.id))
        #expect(try await store.token(secretHash: "t-2") == nil)
        // and an account that goes takes its tokens with it
        try await store.removeAccount(id: bo.id)
        #expect(try await store.token(secretHash: "t-4") == nil)
    }

    @Test func scopesAndFramesReadOnlyWhatTheyName() {
        #expect(APIToken.Scope.list("read, curate") == [.read, .curate])
        #expect(APIToken.Scope.list("read,everything") == nil)
        #expect(APIToken.Scope.list(" , ") == nil)
        #expect(APIToken.Scope.text([.share, .read, .admin]) == "read,share,admin")
        #expect(APIToken.Frame(text: "album:12") == .album(12))
        #expect(APIToken.Frame(text: "share:3") == .share(3))
        for bad in ["album:", "album:-1", "album:0", "folder:1", "share", "album:1x", ""] { #expect(APIToken.Frame(text: bad) == nil) }
    }
}
