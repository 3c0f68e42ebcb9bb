import Catalog
import Foundation

/// Making an API token, decided once for the account page and `photolala tokens add`: the admin
/// scope for admins only, a frame token for an album its member sees or a link of its own, and
/// the secret shown once and stored hashed.
public struct APITokens: Sendable {
    let store: any PhotoCatalog
    let adminsSeePrivate: Bool

    public init(store: any PhotoCatalog, adminsSeePrivate: Bool) { (self.store, self.adminsSeePrivate) = (store, adminsSeePrivate) }

    /// Why a token was not made, in words for the person.
    public struct Refusal: Error, Sendable {
        public let reason: Phrase
    }

    /// Makes a token for `account` and returns it with its secret, which is not kept.
    public func make(for account: Account, label: String, scopes: Set<APIToken.Scope>, frame: APIToken.Frame?,
                     now: Int64 = Int64(Date().timeIntervalSince1970)) async throws -> (token: APIToken, secret: String) {
        if scopes.contains(.admin), account.role != .admin { throw Refusal(reason: Phrase("Only an admin’s token may have the admin scope.")) }
        let visitor = Visitor(account: account, role: account.role, sessionHash: nil, adminsSeePrivate: adminsSeePrivate)
        switch frame {
        case .album(let id)?:
            guard try await CatalogReads(store).view(for: visitor.audience).album(id: id) != nil else {
                throw Refusal(reason: Phrase("There is no such album to show on a frame."))
            }
        case .share(let id)?:
            guard try await store.shares(accountId: account.id).contains(where: { $0.id == id }) else {
                throw Refusal(reason: Phrase("A frame token can show only a share link you made."))
            }
        case nil: break
        }
        let secret = APITokenSecret.make()
        do {
            let token = try await store.addToken(accountId: account.id, label: label, secretHash: APITokenSecret.hash(secret),
                                                 scopes: scopes, frame: frame, now: now)
            return (token, secret)
        } catch let error as TokenError {
            switch error {
            case .emptyLabel: throw Refusal(reason: Phrase("Give the token a name, such as “Kitchen frame”."))
            case .labelTaken(let taken): throw Refusal(reason: Phrase("You have a token called \(taken) already: choose another name."))
            case .noScope: throw Refusal(reason: Phrase("Choose what the token may do."))
            case .frameReadsOnly: throw Refusal(reason: Phrase("A frame token reads its album or link and does nothing else."))
            }
        }
    }
}
