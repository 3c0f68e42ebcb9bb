import Foundation
import Catalog

/// The "Shared links" page.
struct SharedView: PageModel {
    static let template = "shared"
    struct Item: Encodable {
        var id: Int64
        /// A folder's, tag's or album's name, or what the link shows ("Favorites of ada").
        var title: Phrase
        /// The link, only right after it was made (the catalog keeps just its hash).
        var url: SiteURL?
        var fullURL: String?
        var owner: String
        var isNew: Bool
        var state, created: Phrase
    }
    var chrome: PageChrome
    var csrf: String
    var items: [Item]
    var hasItems, showOwner: Bool
    var notice: Phrase?
    let revokeAction = SiteURL.Action.unshare.url
}

extension SharedView.Item {
    /// A row of the page for `link`: what it shows, whether it still opens and how, and its token
    /// only when `shownToken` (the one-time cookie its maker got) is a token of this very link;
    /// its times as a clock in `zone` reads them.
    init(_ link: ShareLink, title: Phrase, now: Int64, newId: Int64?, shownToken: String?, linkBase: String, zone: TimeZone) {
        let live = link.isLive(at: now)
        let token = shownToken.flatMap { SecretToken.isWellFormed($0) && TokenHash.of($0) == link.tokenHash ? $0 : nil }
        let open = link.expiresAt.map { Phrase("Open until \(Phrase.instant($0, in: zone))") } ?? Phrase("Open until revoked")
        var states = [link.endedAt != nil ? Phrase("Ended: what it showed is gone") : !live ? Phrase("Expired") : open]
        if link.passwordHash != nil { states.append(Phrase("asks for a password")) }
        let left = link.uploadsLeft
        if left > 0 && live && link.endedAt == nil { states.append(Phrase(count: left, "takes photos (\(left) more)", "takes photos (\(left) more)")) }
        self.init(id: link.id, title: title, url: token.map(SiteURL.share), fullURL: token.map { linkBase + SiteURL.share($0).path },
                  owner: link.ownerName, isNew: link.id == newId, state: states.count == 1 ? states[0] : Phrase.joined(states, separator: " · "),
                  created: .instant(link.createdAt, in: zone))
    }
}
