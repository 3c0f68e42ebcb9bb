import Catalog

/// API token secrets: `plt_` and 256 random bits as URL-safe base64 (43 characters), so a
/// secret scanner can tell one apart from anything else in a script.
public enum APITokenSecret {
    static let prefix = "plt_"

    /// A new secret.
    public static func make() -> String { prefix + SecretToken.make() }

    /// Whether `secret` has the shape `make()` gives (checked before any look-up).
    static func isWellFormed(_ secret: String) -> Bool {
        secret.hasPrefix(prefix) && SecretToken.isWellFormed(String(secret.dropFirst(prefix.count)))
    }

    /// What the catalog keeps of a secret: its SHA-256, so a copy of the catalog opens nothing.
    public static func hash(_ secret: String) -> String { TokenHash.of(secret) }
}
