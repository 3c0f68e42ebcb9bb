import Catalog
import Foundation
import Hummingbird

/// The sharer's side of links already made: "Shared links" (`/shared`), each link by its group's
/// name and cover with its state and, for whoever may manage it, its address again; and revoking,
/// which asks first (`/shared/revoke?id=N`, then the POST with the form token).
extension ShareController {
    @Sendable func list(_ request: Request, context: GalleryContext) async throws -> Response {
        let links = try await manageable(context)
        let now = Int64(Date().timeIntervalSince1970)
        let fresh = request.uri.queryParameters["new"].flatMap { Int64($0) }
        let shown = request.cookie(Self.newLinkCookieName)
        // Names and covers as the visitor sees the household: their own private album is named, another's is not.
        let view = reads.view(for: context.visitor.audience)
        var items: [SharedView.Item] = []
        for link in links {
            let (group, title) = try await Self.named(link, in: view)
            items.append(SharedView.Item(link, title: title, cover: try await cover(of: group, title: title, in: view), now: now, newId: fresh,
                                         shownToken: tokens.token(of: link) ?? shown, linkBase: linkBase, zone: context.timeZone))
        }
        let isAdmin = context.visitor.can(.admin)
        let model = SharedView(chrome: pages.chrome(title: Phrase("Shared links"), crumbs: [Crumb(name: Phrase("Shared links"), url: nil)], for: context),
                               csrf: context.csrfToken, items: items, hasItems: !items.isEmpty, showOwner: isAdmin,
                               notice: request.uri.queryParameters["done"] == "revoked" ? Phrase("The link was revoked: it no longer opens.") : nil)
        var response = try pages.response(model, for: context)
        if shown != nil { response.setCookie(newLinkCookie("", maxAge: 0, context: context)) }
        return response
    }

    /// `GET /shared/revoke?id=N`: what revoking the link stops, and the form that does it. Asking
    /// changes nothing.
    @Sendable func confirmRevoke(_ request: Request, context: GalleryContext) async throws -> Response {
        let id = request.uri.queryParameters["id"].flatMap { Int64($0) }
        guard let link = try await manageable(context).first(where: { $0.id == id }) else { throw Self.notYours }
        let view = reads.view(for: context.visitor.audience)
        let (group, title) = try await Self.named(link, in: view)
        var stops = [Phrase("Whoever has its address can no longer open it: its photos, slideshow and downloads stop at once.")]
        if link.uploadsLeft > 0 { stops.append(Phrase("Nobody can add photos through it any more; the photos already added stay in the album.")) }
        stops.append(Phrase("The photos stay in the library. To share them again, make a new link: it has a new address."))
        let model = ConfirmView(chrome: pages.chrome(title: Phrase("Revoke this link?"),
                                                     crumbs: [Crumb(name: Phrase("Shared links"), url: SiteURL.shared), Crumb(name: Phrase("Revoke"), url: nil)],
                                                     for: context),
                                heading: Phrase("Revoke the link to “\(title)”?"), message: Phrase.joined(stops, separator: " "),
                                image: try await cover(of: group, title: title, in: view), action: SiteURL.Action.unshare.url, dataAction: "unshare",
                                button: Phrase("Revoke link"), csrf: context.csrfToken, key: String(link.id),
                                cancelURL: SiteURL.shared.fragment("share-\(link.id)"), field: "id")
        return try pages.response(model, for: context)
    }

    /// `POST /actions/unshare` (from the confirmation page): the link stops opening at once.
    @Sendable func revoke(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let id = form["id"].flatMap({ Int64($0) }) else { throw PageError(.badRequest, message: Phrase("Which link should be revoked?")) }
        // An admin may revoke any link, an account its own; a guest has none.
        let account = context.visitor.account?.id
        let isAdmin = context.visitor.can(.admin)
        guard isAdmin || account != nil, try await store.deleteShare(id: id, accountId: isAdmin ? nil : account) else { throw Self.notYours }
        return .redirect(to: SiteURL.shared.appending([("done", "revoked")]))
    }

    static let notYours = PageError(.notFound, message: Phrase("That link does not exist, or it is not yours to revoke."))

    /// The links the visitor may see and manage: an admin every link, an account its own, a guest none.
    private func manageable(_ context: GalleryContext) async throws -> [ShareLink] {
        let isAdmin = context.visitor.can(.admin)
        let account = context.visitor.account?.id
        return isAdmin || account != nil ? try await store.shares(accountId: isAdmin ? nil : account) : []
    }

    /// What `link` shows and what it is called, where `view` reads: an album by its name when
    /// `view` sees the album, else no group (nothing to show a cover of) and a title that says why.
    /// A link whose group ended has no group either: what took its place is not what it showed.
    static func named(_ link: ShareLink, in view: ScopedCatalog) async throws -> (group: PhotoGroup?, title: Phrase) {
        guard let (group, title) = try? group(of: link) else { return (nil, Phrase("Shared photos")) }
        guard link.endedAt == nil else { return (nil, title) }
        if case .album(let id) = group.parts.base {
            guard let album = try await view.album(id: id) else { return (nil, title) }
            return (group, .verbatim(album.name))
        }
        return (group, title)
    }

    /// The cover of `group` as `view` sees it, in the thumbnails the gallery's cards use.
    private func cover(of group: PhotoGroup?, title: Phrase, in view: ScopedCatalog) async throws -> ThumbImage? {
        guard let group else { return nil }
        return try await view.cover(group).map { ThumbImage($0, alt: Phrase("Cover of \(title)")) }
    }
}
