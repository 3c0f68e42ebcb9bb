/// Which of the household's private photos a viewer may see. A private photo is its owner's:
/// every page, count, cover, download and rendition leaves it out for anyone else, and for a
/// share link's holders, whoever made the link.
public enum Sight: Hashable, Sendable {
    /// Only what is not private: guests and share links' holders.
    case publicOnly
    /// What is not private, and what this account made private.
    case owner(Int64)
    /// Everything: an admin, where the household lets admins see private photos
    /// (`--admins-see-private`), and the server's own work (scans, sidecars, the trash's upkeep).
    case everything

    /// Whether a photo private to `owner` is shown.
    public func sees(privateTo owner: Int64) -> Bool {
        switch self {
        case .publicOnly: false
        case .owner(let id): id == owner
        case .everything: true
        }
    }

    /// The account whose private photos are shown besides the public ones (for SQL: `privateTo <> ?`
    /// then hides everyone else's); -1 for none. Not used for `.everything`.
    var visibleOwner: Int64 {
        switch self {
        case .owner(let id): id
        case .publicOnly, .everything: -1
        }
    }
}

/// The owner recorded for private photos, folders and albums whose account was deleted: they stay
/// private to no one (an admin sees them only where admins see private photos), so an account made
/// later, whatever its id, never inherits them.
public let formerAccountOwner: Int64 = 0
