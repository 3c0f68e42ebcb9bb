/// The tables of sign-in through an OpenID provider (migration `v39-oidc`).
extension CatalogSchema {
    /// Which account each subject of a provider is, and the sign-ins under way by the hash of
    /// their `state`.
    static func identityTables(_ d: SQLDialect) -> String {
        table("accountIdentity", ["issuer TEXT NOT NULL", "subject TEXT NOT NULL",
                                  "accountId \(d.integer) NOT NULL REFERENCES account(id) ON DELETE CASCADE", "linkedAt \(d.integer) NOT NULL"],
              constraints: ["PRIMARY KEY (issuer, subject)"], d, withoutRowId: true)
            + "\n"
            + table("signInState", ["stateHash TEXT PRIMARY KEY", "nonce TEXT NOT NULL", "verifier TEXT NOT NULL", "next TEXT NOT NULL",
                                    "createdAt \(d.integer) NOT NULL"], d, withoutRowId: true)
    }
}
