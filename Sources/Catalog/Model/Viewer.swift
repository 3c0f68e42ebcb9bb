/// Who a page is shown to, as far as the catalog cares: whose favorites it marks and lists.
public enum Viewer: Hashable, Sendable {
    /// Someone let in without an account; guests share one favorites list (the household's,
    /// which the first account takes over).
    case guest
    /// The holder of a share link made by account `owner`: no favorite marks of anyone's.
    case shareLink(owner: Int64)
    /// A signed-in account.
    case account(Int64)

    /// The `favorite.userId` this viewer's marks are stored under. Guests' list is 0; a share
    /// link's holder has none, so -1 matches no row.
    var favoritesUserId: Int64 {
        switch self {
        case .guest: Self.guestFavoritesUserId
        case .shareLink: -1
        case .account(let id): id
        }
    }

    /// The `favorite.userId` of the guests' (household's) list.
    static let guestFavoritesUserId: Int64 = 0
}
