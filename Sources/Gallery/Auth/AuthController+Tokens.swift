import Catalog
import Foundation
import Hummingbird

/// API tokens on one's account page: made (shown once) with the scopes chosen or as a frame's
/// for one album, listed with their last use, and revoked. They open the JSON API alone
/// (`APIDoor`); neither the session nor the account's password ever does.
extension AuthController {
    @Sendable func addToken(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("You are browsing as a guest: there is no account to show."))
        }
        let label = (form["label"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var frame: APIToken.Frame?
        var scopes = Set(form.values("scope").compactMap(APIToken.Scope.init(rawValue:)))
        if let shows = form["frame"], !shows.isEmpty {
            guard let album = Int64(shows), album > 0 else { throw PageError(.badRequest, message: Phrase("There is no such album to show on a frame.")) }
            (frame, scopes) = (.album(album), [.read])
        }
        do {
            let made = try await tokens.make(for: account, label: label, scopes: scopes, frame: frame)
            return try await page(context, madeToken: .init(label: made.token.label, secret: made.secret), status: .created)
        } catch let refusal as APITokens.Refusal {
            return try await page(context, error: refusal.reason, status: .badRequest)
        }
    }

    @Sendable func revokeToken(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("You are browsing as a guest: there is no account to show."))
        }
        guard let id = form["token"].flatMap({ Int64($0) }), try await store.revokeToken(id: id, accountId: account.id) else {
            throw PageError(.notFound, message: Phrase("There is no such API token on your account (it may have been revoked already)."))
        }
        return .redirect(to: SiteURL.account.appending([("done", "token-revoked")]).fragment("tokens"))
    }

    /// What the account page says of the account's API tokens.
    func tokensSection(_ account: Account, made: TokensSection.Made?, context: GalleryContext) async throws -> TokensSection {
        let albums = try await reads.view(for: context.visitor.audience).albums()
        let names = Dictionary(albums.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let rows = try await store.tokens(accountId: account.id).map { token in
            let what: Phrase = switch token.frame {
            case .album(let id)?: Phrase("a frame showing the album \(names[id] ?? "#\(id)")")
            case .share(let id)?: Phrase("a frame showing share link \(id)")
            case nil: .verbatim(APIToken.Scope.text(token.scopes).replacingOccurrences(of: ",", with: ", "))
            }
            return CredentialRow(id: token.id, label: token.label, scope: what, createdAt: token.createdAt, lastUsedAt: token.lastUsedAt,
                                 zone: context.timeZone)
        }
        let scopes = APIToken.Scope.allCases.filter { $0 != .admin || account.role == .admin }.map { scope in
            TokensSection.Scope(value: scope.rawValue, checked: scope == .read, label: Self.scopeLabel(scope))
        }
        return TokensSection(document: linkBase + "/api/v1/openapi.yaml", made: made, rows: rows, hasRows: !rows.isEmpty, scopes: scopes,
                             albums: albums.map { .init(id: $0.id, name: $0.name) }, hasAlbums: !albums.isEmpty)
    }
}

extension AuthController {
    /// What a scope lets a token do, as the form offers it.
    static func scopeLabel(_ scope: APIToken.Scope) -> Phrase {
        switch scope {
        case .read: Phrase("read: the library, albums, tags and places, as I see them")
        case .curate: Phrase("curate: favorites, stars, tags, captions, albums and the trash")
        case .upload: Phrase("upload: add photos")
        case .share: Phrase("share: make and end share links")
        case .admin: Phrase("admin: the household’s accounts")
        }
    }
}

/// The account page's API tokens.
struct TokensSection: Encodable {
    /// The API's document, for the person writing the script.
    var document: String
    /// The token just made, shown this once.
    var made: Made?
    var rows: [Row]
    var hasRows: Bool
    var scopes: [Scope]
    /// The albums a frame token may show.
    var albums: [AlbumChoice]
    var hasAlbums: Bool
    let addAction = SiteURL.Action.addToken.url
    let revokeAction = SiteURL.Action.revokeToken.url

    typealias Made = MadeSecret
    typealias Row = CredentialRow

    struct Scope: Encodable {
        var value: String
        var checked: Bool
        var label: Phrase
    }

    struct AlbumChoice: Encodable {
        var id: Int64
        var name: String
    }
}
