import Foundation

/// Provider identities and sign-in states, in both catalogs.
extension IdentityStore where Self: SQLCatalog {
    public func account(issuer: String, subject: String) async throws -> Account? {
        try await core.database.read { db in
            guard let row = try await db.row("""
                SELECT \(PeopleRows.accountColumns("a")) FROM accountIdentity i JOIN account a ON a.id = i.accountId
                WHERE i.issuer = ? AND i.subject = ?
                """, [issuer, subject]) else { return nil }
            return try PeopleRows.account(row)
        }
    }

    public func linkIdentity(issuer: String, subject: String, accountId: Int64, now: Int64) async throws {
        try await core.database.write { db in
            if let row = try await db.row("SELECT accountId FROM accountIdentity WHERE issuer = ? AND subject = ?", [issuer, subject]) {
                guard try row.int("accountId") == accountId else { throw IdentityError.subjectLinked }
                return
            }
            if try await db.exists("SELECT 1 FROM accountIdentity WHERE issuer = ? AND accountId = ?", [issuer, accountId]) {
                throw IdentityError.accountLinked
            }
            try await db.execute("INSERT INTO accountIdentity (issuer, subject, accountId, linkedAt) VALUES (?, ?, ?, ?)",
                                 [issuer, subject, accountId, now])
        }
    }

    public func saveSignInState(_ state: SignInState) async throws {
        try await core.database.write { db in
            try await db.execute("DELETE FROM signInState WHERE createdAt < ?", [state.createdAt - 3_600])
            try await db.execute("INSERT INTO signInState (stateHash, nonce, verifier, next, createdAt) VALUES (?, ?, ?, ?, ?)",
                                 [state.stateHash, state.nonce, state.verifier, state.next, state.createdAt])
        }
    }

    public func takeSignInState(hash: String, now: Int64, maxAge: Int64) async throws -> SignInState? {
        try await core.database.write { db -> SignInState? in
            guard let row = try await db.row("SELECT stateHash, nonce, verifier, next, createdAt FROM signInState WHERE stateHash = ?", [hash]) else {
                return nil
            }
            // Whoever deletes it has it: two answers racing with one state get it once between them.
            guard try await db.changes("DELETE FROM signInState WHERE stateHash = ?", [hash]) == 1 else { return nil }
            let state = SignInState(stateHash: try row.string("stateHash"), nonce: try row.string("nonce"), verifier: try row.string("verifier"),
                                    next: try row.string("next"), createdAt: try row.int("createdAt"))
            return state.createdAt >= now - maxAge ? state : nil
        }
    }
}
