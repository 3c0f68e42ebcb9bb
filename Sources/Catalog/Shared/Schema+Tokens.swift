/// The table of the JSON API's tokens (migration `v38-api-tokens`).
extension CatalogSchema {
    /// Tokens by the hash of their secret, with their scopes (`read,curate`) and, for a frame
    /// token, the one album or link it reads (`album:12`, `share:7`).
    static func tokenTables(_ d: SQLDialect) -> String {
        table("apiToken", ["id \(d.rowId)", "accountId \(d.integer) NOT NULL REFERENCES account(id) ON DELETE CASCADE",
                           "label \(d.caselessText) NOT NULL", "secretHash TEXT NOT NULL UNIQUE", "scopes TEXT NOT NULL", "frame TEXT",
                           "createdAt \(d.integer) NOT NULL", "lastUsedAt \(d.integer)"], constraints: ["UNIQUE (accountId, label)"], d)
    }
}
