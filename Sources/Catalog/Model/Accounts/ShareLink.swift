/// A read-only link to one group, for people without an account.
public struct ShareLink: Sendable, Equatable {
    /// What a link shows.
    public enum Kind: String, Sendable {
        case folder, tag, favorites, search, album
    }

    public var id: Int64
    /// The SHA-256 of the unguessable part of `/share/<token>` (`TokenHash`), by which a link is
    /// found; the token itself is never stored.
    public var tokenHash: String
    /// Who made it; their favorites when `kind` is `.favorites`.
    public var accountId: Int64
    public var ownerName: String
    public var kind: Kind
    /// The folder path or tag name; empty for favorites and search.
    public var value: String
    /// The search filters as a URL query (`q=…&min_rating=…`), empty for none.
    public var filter: String
    public var createdAt: Int64
    public var expiresAt: Int64?
    /// A bcrypt hash when the link asks for a password before it opens.
    public var passwordHash: String? = nil
    /// How many more photos the link's holders may add to its album (0: none; albums only).
    public var uploadsLeft = 0
    /// When the group it showed ended (its album deleted, its tag on no photo, its folder gone):
    /// from then on the link answers that it is gone, whatever takes the group's place or name.
    public var endedAt: Int64? = nil
    /// Whether its photo pages say where each photo was taken (place and position): only when
    /// its maker ticked it, since a household's home is in its photos.
    public var showsPlaces = false
    /// The random part its token is derived from with the server's secret (the gallery's
    /// `ShareTokens`), so its maker can see the address again; the catalog alone opens nothing.
    /// Nil for a link made before v36 (its token was shown once) or made from a given token.
    public var nonce: String? = nil

    /// Whether the link still opens at `now` (seconds since 1970).
    public func isLive(at now: Int64) -> Bool { expiresAt.map { $0 > now } ?? true }
}
