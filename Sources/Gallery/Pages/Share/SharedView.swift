import Catalog

/// The "Shared links" page.
struct SharedView: PageModel {
    static let template = "shared"
    struct Item: Encodable {
        var id: Int64
        var title: String
        /// The link, only right after it was made (the catalog keeps just its hash).
        var url: SiteURL?
        var fullURL: String?
        var owner: String
        var isNew: Bool
        var state, created: String
    }
    var chrome: PageChrome
    var csrf: String
    var items: [Item]
    var hasItems, showOwner: Bool
    var notice: String?
    let revokeAction = SiteURL.Action.unshare.url
}

extension SharedView.Item {
    /// A row of the page for `link`: what it shows, whether it still opens and how, and its token
    /// only when `shownToken` (the one-time cookie its maker got) is a token of this very link.
    init(_ link: ShareLink, title: String, now: Int64, newId: Int64?, shownToken: String?, linkBase: String) {
        let live = link.isLive(at: now)
        let token = shownToken.flatMap { SecretToken.isWellFormed($0) && TokenHash.of($0) == link.tokenHash ? $0 : nil }
        var state = link.endedAt != nil ? "Ended: what it showed is gone"
            : !live ? "Expired" : link.expiresAt.map { "Open until \(Formatting.cameraDate($0)) UTC" } ?? "Open until revoked"
        if link.passwordHash != nil { state += " · asks for a password" }
        if link.uploadsLeft > 0 && live && link.endedAt == nil { state += " · takes photos (\(link.uploadsLeft) more)" }
        self.init(id: link.id, title: title, url: token.map(SiteURL.share), fullURL: token.map { linkBase + SiteURL.share($0).path },
                  owner: link.ownerName, isNew: link.id == newId, state: state, created: Formatting.cameraDate(link.createdAt))
    }
}
