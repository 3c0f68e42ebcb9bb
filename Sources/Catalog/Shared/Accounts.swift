import Foundation

/// Household accounts, in both catalogs. A name is found and kept unique without case (ASCII
/// letters: SQLite's NOCASE, PostgreSQL's citext); password hashes are made and checked above
/// the store, which only keeps them.
extension AccountStore where Self: SQLCatalog {
    /// Every account, by name (without case).
    public func accounts() async throws -> [Account] {
        try await core.database.read { db in
            try await db.rows("SELECT \(PeopleRows.accountColumns("account")) FROM account ORDER BY account.name").map(PeopleRows.account)
        }
    }

    /// The account called `name` (any case, any look-alike form) with its password hash.
    public func account(named raw: String) async throws -> (account: Account, passwordHash: String)? {
        let name = Account.normalized(raw)
        return try await core.database.read { db -> (account: Account, passwordHash: String)? in
            guard let row = try await db.row("""
                SELECT \(PeopleRows.accountColumns("account")), passwordHash FROM account WHERE account.name = \(db.dialect.caseless)
                """, [name]) else { return nil }
            return (try PeopleRows.account(row), try row.optionalString("passwordHash") ?? "")
        }
    }

    /// The account with this id.
    public func account(id: Int64) async throws -> Account? {
        try await core.database.read { db in
            try await db.row("SELECT \(PeopleRows.accountColumns("account")) FROM account WHERE id = ?", [id]).map(PeopleRows.account)
        }
    }

    /// Whether any account exists (no account means the first admin is still to be made).
    public func hasAccounts() async throws -> Bool {
        try await core.database.read { db in try await db.exists("SELECT 1 FROM account LIMIT 1") }
    }

    /// Adds an account. The first account ever made takes over favorites marked before accounts
    /// existed. The check for a taken name and the insert are one write, so two people cannot
    /// take one name; should the database still refuse the name, it is reported as taken.
    @discardableResult
    public func addAccount(name raw: String, passwordHash: String, role: Role, now: Date) async throws -> Account {
        guard let name = Account.validName(raw) else { throw AccountError.invalidName }
        guard !Account.reservedNames.contains(name.lowercased()) else { throw AccountError.reservedName(name) }
        let createdAt = Int64(now.timeIntervalSince1970)
        let database = core.database
        let account: Account
        do {
            account = try await database.write { db -> Account in
                if try await db.exists("SELECT 1 FROM account WHERE name = \(db.dialect.caseless)", [name]) {
                    throw AccountError.nameTaken(name)
                }
                let first = try await !db.exists("SELECT 1 FROM account LIMIT 1")
                let id = try await db.insertedId("INSERT INTO account (name, passwordHash, role, createdAt) VALUES (?, ?, ?, ?) RETURNING id",
                                                 [name, passwordHash, role.rawValue, createdAt])
                if first {
                    try await db.execute("UPDATE favorite SET userId = ? WHERE userId = ?", [id, Viewer.guestFavoritesUserId])
                }
                return Account(id: id, name: name, role: role, createdAt: createdAt)
            }
        } catch let error where database.isUniqueViolation(error) {
            throw AccountError.nameTaken(name)
        }
        core.changed()
        return account
    }

    /// Replaces a password and ends every session of the account except `keepSession` (a token hash).
    public func setPassword(accountId: Int64, passwordHash: String, keepSession: String?) async throws {
        try await core.database.write { db in
            guard try await db.changes("UPDATE account SET passwordHash = ? WHERE id = ?", [passwordHash, accountId]) == 1 else {
                throw AccountError.notFound("#\(accountId)")
            }
            try await db.execute("DELETE FROM session WHERE accountId = ? AND (CAST(? AS TEXT) IS NULL OR tokenHash <> ?)",
                                 [accountId, keepSession, keepSession])
        }
        core.sessionCache.invalidateAll()
    }

    /// Changes a role; the last admin cannot be demoted.
    public func setRole(accountId: Int64, _ role: Role) async throws {
        try await core.database.write { db in
            try await AccountRules.guardLastAdmin(db, changing: accountId, to: role)
            guard try await db.changes("UPDATE account SET role = ? WHERE id = ?", [role.rawValue, accountId]) == 1 else {
                throw AccountError.notFound("#\(accountId)")
            }
        }
        core.sessionCache.invalidateAll()
    }

    /// Remembers how this person likes group pages laid out (at most 16 characters; nil forgets).
    public func setViewLayout(accountId: Int64, _ layout: String?) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE account SET viewLayout = ? WHERE id = ?", [layout.map { String($0.prefix(16)) }, accountId])
        }
        core.sessionCache.invalidateAll()
    }

    /// Remembers the language this person reads pages in (at most 16 characters; nil follows the browser).
    public func setLanguage(accountId: Int64, _ language: String?) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE account SET language = ? WHERE id = ?", [language.map { String($0.prefix(16)) }, accountId])
        }
        core.sessionCache.invalidateAll()
    }

    /// Removes an account with its sessions, favorites and share links (the sessions and links
    /// go with it through their foreign keys); never the last admin. Its private photos, folders
    /// and albums stay private, to `formerAccountOwner`.
    public func removeAccount(id: Int64) async throws {
        try await core.database.write { db in
            try await AccountRules.guardLastAdmin(db, changing: id, to: nil)
            try await db.execute("DELETE FROM favorite WHERE userId = ?", [id])
            // What it kept private stays private, to no one (ids may be given again).
            for table in ["photo", "album"] {
                try await db.execute("UPDATE \(table) SET privateTo = ? WHERE privateTo = ?", [formerAccountOwner, id])
            }
            try await db.execute("UPDATE privateFolder SET ownerId = ? WHERE ownerId = ?", [formerAccountOwner, id])
            guard try await db.changes("DELETE FROM account WHERE id = ?", [id]) == 1 else { throw AccountError.notFound("#\(id)") }
        }
        core.sessionCache.invalidateAll()
        core.changed()
    }
}

enum AccountRules {
    /// Throws `AccountError.lastAdmin` when account `id` is the only admin and would stop being
    /// one (`role` nil: it is being removed). Run inside the write that makes the change.
    static func guardLastAdmin(_ db: any SQLSession, changing id: Int64, to role: Role?) async throws {
        guard role != .admin else { return }
        let isAdmin = try await db.string("SELECT role FROM account WHERE id = ?", [id]) == Role.admin.rawValue
        let admins = try await db.int("SELECT COUNT(*) FROM account WHERE role = 'admin'") ?? 0
        if isAdmin && admins <= 1 { throw AccountError.lastAdmin }
    }
}
