import Catalog

/// Who an API request is made for: the token, its account as it is now, and the one view of the
/// catalog everything it reads goes through (`ScopedCatalog`).
struct APICaller: Sendable {
    let token: APIToken
    let account: Account
    /// The account as the pages would see it signed in (its favorites, its private photos).
    let visitor: Visitor
    /// The household's view for a token, the link's for a frame token: its album or its link's
    /// group alone, nobody's private photo, and no places.
    let view: ScopedCatalog

    /// The caller of the request being answered, set by `APIDoor` for the generated handlers,
    /// which are called with the operation's input alone.
    @TaskLocal static var current: APICaller?
}

/// What each operation needs, decided here once, before any handler runs (`APIAccessMiddleware`
/// for the generated operations, `APIDoor` for the file ones): a token scope, and the role the
/// same action needs on the pages. A viewer's token never curates the household's photos,
/// whatever its scopes say. An operation missing from the table is refused.
enum APIAction: Sendable, Equatable {
    /// Says whose token it is: any token may.
    case identify
    /// Reads what the token's view shows.
    case read
    /// Reads the trash, as members do on the pages.
    case readTrash
    /// Marks the member's own favorites (a viewer's too, as on the pages).
    case favorite
    /// Changes the household's photos: stars, tags, captions, albums, the trash.
    case curate
    case upload
    case share
    /// The household's accounts.
    case admin

    /// The scope a token must hold; nil for none.
    var scope: APIToken.Scope? {
        switch self {
        case .identify: nil
        case .read, .readTrash: .read
        case .favorite, .curate: .curate
        case .upload: .upload
        case .share: .share
        case .admin: .admin
        }
    }

    /// The role the account must have now.
    var role: Role {
        switch self {
        case .identify, .read, .favorite: .viewer
        case .readTrash, .curate, .upload, .share: .member
        case .admin: .admin
        }
    }

    /// Every operation of the document, by its `operationId`. `updatePhoto` needs only
    /// `favorite` here; what else its body changes asks `curate` of the handler.
    static let byOperation: [String: APIAction] = [
        "getMe": .identify, "listPhotos": .read, "getPhoto": .read, "getThumbnail": .read, "getOriginal": .read,
        "listFolders": .read, "listTags": .read, "getTimeline": .read, "listPlaces": .read,
        "listAlbums": .read, "getAlbum": .read, "listTrash": .readTrash,
        "updatePhoto": .favorite, "trashPhoto": .curate, "restoreFromTrash": .curate,
        "createAlbum": .curate, "addToAlbum": .curate, "removeFromAlbum": .curate, "moveInAlbum": .curate,
        "uploadPhoto": .upload, "listShares": .share, "createShare": .share, "deleteShare": .share, "listAccounts": .admin,
    ]

    /// Why `caller` may not call `operationId`; nil when it may. An operation the table does not
    /// name is refused. Every operation is checked here, generated or answered by the door.
    static func refusal(operation operationId: String, for caller: APICaller) -> APIProblem? {
        guard let action = byOperation[operationId] else { return APIProblem(.forbidden, "This operation is not open to tokens.") }
        return action.refusal(for: caller)
    }

    /// Why `caller` may not do this; nil when it may.
    func refusal(for caller: APICaller) -> APIProblem? {
        if let scope, !caller.token.scopes.contains(scope) {
            return APIProblem(.forbidden, "This token does not have the \(scope.rawValue) scope.")
        }
        guard caller.account.role >= role else {
            return APIProblem(.forbidden, "The account this token belongs to is a \(caller.account.role.rawValue), and this needs a \(role.rawValue).")
        }
        return nil
    }
}
