import Foundation
import Catalog

/// The "Shared links" page.
struct SharedView: PageModel {
    static let template = "shared"
    struct Item: Encodable {
        var id: Int64
        /// A folder's, tag's or album's name, or what the link shows ("Favorites of ada").
        var title: Phrase
        /// The group's cover as the visitor sees it; none for a group that ended or is not theirs to see.
        var cover: ThumbImage?
        /// The link, whenever the server can derive its token again (`ShareTokens`), and for a
        /// link made before that only right after it was made (the catalog keeps just its hash).
        var url: SiteURL?
        var fullURL: String?
        /// Why the address is not shown, when it is not.
        var hint: Phrase?
        var owner: String
        var isNew: Bool
        var state, created: Phrase
        /// The page that asks before the link is revoked.
        var revokeURL: SiteURL
    }
    var chrome: PageChrome
    var csrf: String
    var items: [Item]
    var hasItems, showOwner: Bool
    var notice: Phrase?
}

extension SharedView.Item {
    /// A row of the page for `link`: what it shows, whether it still opens and how, and its token
    /// only when `shownToken` (derived again by `ShareTokens`, or the one-time cookie its maker
    /// got) is a token of this very link; its times as a clock in `zone` reads them.
    init(_ link: ShareLink, title: Phrase, cover: ThumbImage? = nil, now: Int64, newId: Int64?, shownToken: String?, linkBase: String, zone: TimeZone) {
        let live = link.isLive(at: now)
        let token = shownToken.flatMap { SecretToken.isWellFormed($0) && TokenHash.of($0) == link.tokenHash ? $0 : nil }
        let open = link.expiresAt.map { Phrase("Open until \(Phrase.instant($0, in: zone))") } ?? Phrase("Open until revoked")
        var states = [link.endedAt != nil ? Phrase("Ended: what it showed is gone") : !live ? Phrase("Expired") : open]
        states += SharedView.terms(of: link, opens: live && link.endedAt == nil)
        let hint = token != nil ? nil : link.nonce == nil ? Phrase("The link was shown once, when it was made; make a new one to copy it again.")
            : Phrase("This server cannot show the link again: it was made with another data folder's secret. It still opens; make a new one to copy it.")
        self.init(id: link.id, title: title, cover: cover, url: token.map(SiteURL.share), fullURL: token.map { linkBase + SiteURL.share($0).path },
                  hint: hint, owner: link.ownerName, isNew: link.id == newId,
                  state: states.count == 1 ? states[0] : Phrase.joined(states, separator: " · "), created: .instant(link.createdAt, in: zone),
                  revokeURL: SiteURL.confirmUnshare(link.id))
    }
}

extension SharedView {
    /// What a link asks of whoever opens it, and what it takes while it opens: said on its row and
    /// on its album's page alike.
    static func terms(of link: ShareLink, opens: Bool) -> [Phrase] {
        var terms: [Phrase] = []
        if link.passwordHash != nil { terms.append(Phrase("asks for a password")) }
        let left = link.uploadsLeft
        if left > 0 && opens { terms.append(Phrase(count: left, "takes photos (\(left) more)", "takes photos (\(left) more)")) }
        return terms
    }
}
