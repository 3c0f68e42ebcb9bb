import Foundation

/// API tokens, in both catalogs.
extension TokenStore where Self: SQLCatalog {
    @discardableResult
    public func addToken(accountId: Int64, label: String, secretHash: String, scopes: Set<APIToken.Scope>, frame: APIToken.Frame?,
                         now: Int64) async throws -> APIToken {
        let label = String(label.trimmingCharacters(in: .whitespacesAndNewlines).prefix(APIToken.maxLabelLength))
        guard !label.isEmpty else { throw TokenError.emptyLabel }
        guard !scopes.isEmpty else { throw TokenError.noScope }
        if frame != nil, scopes != [.read] { throw TokenError.frameReadsOnly }
        let id = try await core.database.write { db -> Int64 in
            if try await db.exists("SELECT 1 FROM apiToken WHERE accountId = ? AND label = \(db.dialect.caseless)", [accountId, label]) {
                throw TokenError.labelTaken(label)
            }
            return try await db.insertedId("""
                INSERT INTO apiToken (accountId, label, secretHash, scopes, frame, createdAt) VALUES (?, ?, ?, ?, ?, ?) RETURNING id
                """, [accountId, label, secretHash, APIToken.Scope.text(scopes), frame?.text, now])
        }
        return APIToken(id: id, accountId: accountId, label: label, scopes: scopes, frame: frame, createdAt: now, lastUsedAt: nil)
    }

    public func tokens(accountId: Int64) async throws -> [APIToken] {
        try await core.database.read { db in
            try await db.rows("SELECT \(TokenRows.columns("t")) FROM apiToken t WHERE t.accountId = ? ORDER BY t.id DESC", [accountId])
                .map(TokenRows.token)
        }
    }

    public func token(secretHash: String) async throws -> (token: APIToken, account: Account)? {
        try await core.database.read { db in
            guard let row = try await db.row("""
                SELECT \(TokenRows.columns("t")), \(PeopleRows.accountColumns("a"))
                FROM apiToken t JOIN account a ON a.id = t.accountId WHERE t.secretHash = ?
                """, [secretHash]) else { return nil }
            return (try TokenRows.token(row), try PeopleRows.account(row))
        }
    }

    public func touchToken(id: Int64, now: Int64) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE apiToken SET lastUsedAt = ? WHERE id = ? AND (lastUsedAt IS NULL OR lastUsedAt <= ?)",
                                 [now, id, now - 60])
        }
    }

    @discardableResult
    public func revokeToken(id: Int64, accountId: Int64) async throws -> Bool {
        try await core.database.write { db in
            try await db.changes("DELETE FROM apiToken WHERE id = ? AND accountId = ?", [id, accountId]) == 1
        }
    }
}

/// How a token row reads.
enum TokenRows {
    static func columns(_ table: String) -> String {
        "\(table).id AS tokenId, \(table).accountId AS tokenAccountId, CAST(\(table).label AS TEXT) AS tokenLabel, "
            + "\(table).scopes AS tokenScopes, \(table).frame AS tokenFrame, \(table).createdAt AS tokenCreatedAt, "
            + "\(table).lastUsedAt AS tokenLastUsedAt"
    }

    /// A row holding `columns` as a token. Scopes it does not know are dropped, and a frame it
    /// cannot read leaves the token reading nothing (an album that cannot exist), never more.
    static func token(_ row: SQLRow) throws -> APIToken {
        let scopes = Set(try row.string("tokenScopes").split(separator: ",").compactMap { APIToken.Scope(rawValue: String($0)) })
        let frameText = try row.optionalString("tokenFrame")
        let frame = frameText.map { APIToken.Frame(text: $0) ?? .album(0) }
        return APIToken(id: try row.int("tokenId"), accountId: try row.int("tokenAccountId"), label: try row.string("tokenLabel"),
                        scopes: frame == nil ? scopes : scopes.intersection([.read]), frame: frame,
                        createdAt: try row.int("tokenCreatedAt"), lastUsedAt: try row.optionalInt("tokenLastUsedAt"))
    }
}
