import Foundation
import GRDB

/// Household accounts. Password hashes are made and checked above the store; it only keeps them.
extension CatalogStore {
    /// Every account, by name.
    public func accounts() async throws -> [Account] {
        try await read { db in
            try AccountRecord.fetchAll(db, sql: "SELECT \(AccountRecord.columns) FROM account ORDER BY name").map(\.account)
        }
    }

    /// The account called `name` (any case, any look-alike form) with its password hash.
    public func account(named raw: String) async throws -> (account: Account, passwordHash: String)? {
        let name = Account.normalized(raw)
        return try await read { db in
            guard let record = try AccountRecord.fetchOne(db, sql: "SELECT \(AccountRecord.columns), passwordHash FROM account WHERE name = ?",
                                                          arguments: [name]) else { return nil }
            return (record.account, record.passwordHash ?? "")
        }
    }

    /// The account with this id.
    public func account(id: Int64) async throws -> Account? {
        try await read { db in
            try AccountRecord.fetchOne(db, sql: "SELECT \(AccountRecord.columns) FROM account WHERE id = ?", arguments: [id])?.account
        }
    }

    /// Whether any account exists (no account means the first admin is still to be made).
    public func hasAccounts() async throws -> Bool {
        try await read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account)") ?? false }
    }

    /// Adds an account. The first account ever made takes over favorites marked before accounts existed.
    @discardableResult
    public func addAccount(name raw: String, passwordHash: String, role: Role, now: Date) async throws -> Account {
        guard let name = Account.validName(raw) else { throw AccountError.invalidName }
        let account = try await write { db -> Account in
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE name = ?)", arguments: [name]) == true {
                throw AccountError.nameTaken(name)
            }
            let first = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM account)") ?? false
            try db.execute(sql: "INSERT INTO account (name, passwordHash, role, createdAt) VALUES (?, ?, ?, ?)",
                           arguments: [name, passwordHash, role.rawValue, Int64(now.timeIntervalSince1970)])
            let id = db.lastInsertedRowID
            if first {
                try db.execute(sql: "UPDATE favorite SET userId = ? WHERE userId = ?", arguments: [id, Viewer.guestFavoritesUserId])
            }
            return Account(id: id, name: name, role: role, createdAt: Int64(now.timeIntervalSince1970))
        }
        bumpVersion()
        return account
    }

    /// Replaces a password and ends every session of the account except `keepSession` (a token hash).
    public func setPassword(accountId: Int64, passwordHash: String, keepSession: String?) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE account SET passwordHash = ? WHERE id = ?", arguments: [passwordHash, accountId])
            guard db.changesCount == 1 else { throw AccountError.notFound("#\(accountId)") }
            try db.execute(sql: "DELETE FROM session WHERE accountId = ? AND tokenHash IS NOT ?", arguments: [accountId, keepSession])
        }
        sessionCache.invalidateAll()
    }

    /// Changes a role; the last admin cannot be demoted.
    public func setRole(accountId: Int64, _ role: Role) async throws {
        try await write { db in
            try Self.guardLastAdmin(db, changing: accountId, to: role)
            try db.execute(sql: "UPDATE account SET role = ? WHERE id = ?", arguments: [role.rawValue, accountId])
            guard db.changesCount == 1 else { throw AccountError.notFound("#\(accountId)") }
        }
        sessionCache.invalidateAll()
    }

    public func setViewLayout(accountId: Int64, _ layout: String?) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE account SET viewLayout = ? WHERE id = ?", arguments: [layout.map { String($0.prefix(16)) }, accountId])
        }
        sessionCache.invalidateAll()
    }

    /// Removes an account with its sessions, favorites and share links; never the last admin.
    public func removeAccount(id: Int64) async throws {
        try await write { db in
            try Self.guardLastAdmin(db, changing: id, to: nil)
            try db.execute(sql: "DELETE FROM favorite WHERE userId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw AccountError.notFound("#\(id)") }
        }
        sessionCache.invalidateAll()
        bumpVersion()
    }

    private static func guardLastAdmin(_ db: Database, changing id: Int64, to role: Role?) throws {
        guard role != .admin else { return }
        let isAdmin = try String.fetchOne(db, sql: "SELECT role FROM account WHERE id = ?", arguments: [id]) == Role.admin.rawValue
        let admins = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account WHERE role = 'admin'") ?? 0
        if isAdmin && admins <= 1 { throw AccountError.lastAdmin }
    }
}
