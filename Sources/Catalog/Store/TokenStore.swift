/// API tokens (`APIToken`): the only credentials the JSON API takes. Of a secret only its hash
/// is kept; a token is looked up afresh on each request, so one revoked on any instance is
/// refused at the next.
public protocol TokenStore: Sendable {
    /// Adds a token for an account; its label is trimmed to `APIToken.maxLabelLength`.
    /// Throws `TokenError` for a label the account uses already (any case), an empty label, no
    /// scope, or a frame token with a scope other than `read`.
    @discardableResult
    func addToken(accountId: Int64, label: String, secretHash: String, scopes: Set<APIToken.Scope>, frame: APIToken.Frame?,
                  now: Int64) async throws -> APIToken
    /// An account's tokens, newest first.
    func tokens(accountId: Int64) async throws -> [APIToken]
    /// The token whose secret has this hash, with the account it belongs to.
    func token(secretHash: String) async throws -> (token: APIToken, account: Account)?
    /// Notes a token's use; written only when the last note is a minute old or more.
    func touchToken(id: Int64, now: Int64) async throws
    /// Revokes one of an account's tokens; says whether there was one.
    @discardableResult
    func revokeToken(id: Int64, accountId: Int64) async throws -> Bool
}

/// Why a token could not be made.
public enum TokenError: Error, Equatable {
    case labelTaken(String)
    case emptyLabel
    case noScope
    /// A frame token reads its album or link and does nothing else.
    case frameReadsOnly
}
