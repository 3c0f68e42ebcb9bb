import Catalog
import Crypto
import Foundation

/// Share links' tokens, derived from a secret of this server's (`share-links.key` in the data
/// folder, 0600) and a random nonce kept in the link's row: token = base64url(HMAC-SHA256(secret,
/// "share-link\n" + nonce)). The catalog keeps the nonce and the token's hash, by which a link is
/// found; without the secret a copy of the catalog derives no token, and with it the server can
/// show a link's address to its maker again. Made once by the composition root.
struct ShareTokens: Sendable {
    /// The secret's file in the data folder.
    static let fileName = "share-links.key"
    /// The secret's bytes (a `SymmetricKey` is made of them at each use: it is not `Sendable`).
    private let secret: Data

    init(secret: Data) { self.secret = secret }

    /// The secret in `dataFolder`, made there (random, readable by the server's user alone) when
    /// there is none. A file of another length is refused rather than replaced: links made with
    /// it would keep opening, but their addresses would never be shown again.
    static func load(dataFolder: String) throws -> ShareTokens {
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let path = dataFolder + "/" + fileName
        let secret = try OwnerOnly.writeOnce(fresh, to: path)
        guard secret.count == 32 else {
            throw ConfigError("\(path) is not a share-link secret (32 bytes). Move it away to make a new one: links made before keep opening, but their addresses are no longer shown again.")
        }
        return ShareTokens(secret: secret)
    }

    /// A new link's token and the nonce it is derived from.
    func make() -> (token: String, nonce: String) {
        let nonce = SecretToken.make()
        return (token(nonce: nonce), nonce)
    }

    /// The token this server's secret derives from `nonce` (43 characters, as `SecretToken`'s).
    func token(nonce: String) -> String {
        SecretToken.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(("share-link\n" + nonce).utf8), using: SymmetricKey(data: secret))))
    }

    /// `link`'s token, when it was derived with this secret: nil for a link made before nonces
    /// (its token was shown once) or with another secret (another data folder's).
    func token(of link: ShareLink) -> String? {
        guard let nonce = link.nonce else { return nil }
        let token = token(nonce: nonce)
        return TokenHash.of(token) == link.tokenHash ? token : nil
    }
}
