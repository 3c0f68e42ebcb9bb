/// Sign-in through an OpenID provider: which account each of the provider's subjects is, and the
/// one-use state of a sign-in under way (its `state`, `nonce` and PKCE verifier), kept in the
/// catalog so any instance can finish a sign-in another began, and none can finish it twice.
public protocol IdentityStore: Sendable {
    /// The account the provider's subject was linked to.
    func account(issuer: String, subject: String) async throws -> Account?
    /// Links the provider's subject to an account. Throws `IdentityError.subjectLinked` when the
    /// subject is linked to another account already, and `.accountLinked` when the account is
    /// linked to another of the issuer's subjects: one person there, one account here.
    func linkIdentity(issuer: String, subject: String, accountId: Int64, now: Int64) async throws
    /// Keeps the state of a sign-in under way, by the hash of its `state`; states older than an
    /// hour are dropped on the way.
    func saveSignInState(_ state: SignInState) async throws
    /// The state of a sign-in, taken: it is gone after this, so a replayed `state` finds nothing.
    /// Nil for one that is not there, or older than `maxAge` seconds.
    func takeSignInState(hash: String, now: Int64, maxAge: Int64) async throws -> SignInState?
}

/// A sign-in through the provider, between the redirect there and the way back.
public struct SignInState: Sendable, Equatable {
    /// The SHA-256 of the `state` sent (the browser holds the value itself, in a cookie).
    public var stateHash: String
    public var nonce: String
    /// The PKCE code verifier.
    public var verifier: String
    /// Where to go once signed in (a local path).
    public var next: String
    public var createdAt: Int64

    public init(stateHash: String, nonce: String, verifier: String, next: String, createdAt: Int64) {
        (self.stateHash, self.nonce, self.verifier, self.next, self.createdAt) = (stateHash, nonce, verifier, next, createdAt)
    }
}

public enum IdentityError: Error, Equatable {
    case subjectLinked
    case accountLinked
}
