import Foundation

/// Household accounts. Password hashes are made and checked above the store; it only keeps them.
public protocol AccountStore: Sendable {
    /// Every account, by name.
    func accounts() async throws -> [Account]
    /// The account called `name` (any case, any look-alike form) with its password hash.
    func account(named name: String) async throws -> (account: Account, passwordHash: String)?
    /// The account with this id.
    func account(id: Int64) async throws -> Account?
    /// Whether any account exists (no account means the first admin is still to be made).
    func hasAccounts() async throws -> Bool
    /// Adds an account; the first one takes over the guests' favorites. Throws `AccountError`.
    @discardableResult
    func addAccount(name: String, passwordHash: String, role: Role, now: Date) async throws -> Account
    /// Replaces a password and ends every session of the account except `keepSession` (a token hash).
    func setPassword(accountId: Int64, passwordHash: String, keepSession: String?) async throws
    /// Changes a role; the last admin cannot be demoted (`AccountError.lastAdmin`).
    func setRole(accountId: Int64, _ role: Role) async throws
    /// Removes an account with its sessions, favorites and share links; never the last admin.
    func removeAccount(id: Int64) async throws
    /// Remembers how this person likes group pages laid out (at most 16 characters; nil forgets).
    func setViewLayout(accountId: Int64, _ layout: String?) async throws
    /// Remembers the language this person reads pages in (at most 16 characters; nil follows the browser).
    func setLanguage(accountId: Int64, _ language: String?) async throws
}

extension AccountStore {
    /// Adds an account made now.
    @discardableResult
    public func addAccount(name: String, passwordHash: String, role: Role) async throws -> Account {
        try await addAccount(name: name, passwordHash: passwordHash, role: role, now: Date())
    }

    /// Replaces a password and ends every session of the account.
    public func setPassword(accountId: Int64, passwordHash: String) async throws {
        try await setPassword(accountId: accountId, passwordHash: passwordHash, keepSession: nil)
    }
}
