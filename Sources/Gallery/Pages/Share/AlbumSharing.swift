import Catalog

/// What an album's page tells the household's members of the album's share links that open: who
/// can see it, until when, what each link asks or takes and whose it is, with the way to manage
/// each the visitor may manage (`Templates/partials/album-shared.mustache`).
struct AlbumSharing: Encodable, Sendable {
    struct Link: Encodable, Sendable {
        /// "Shared by link with anyone who has it, until …", then what it asks and takes.
        var text: Phrase
        /// Its row on the Shared links page, for its maker and admins.
        var manageURL: SiteURL?
    }
    var links: [Link]
    /// The Shared links page.
    let sharedURL = SiteURL.shared
    /// What the note was made of, for the page cache's key: links open and close with time and
    /// change without the catalog's version.
    let cacheKey: String

    private enum CodingKeys: String, CodingKey { case links, sharedURL }

    /// The note of an album whose links are `links`, as `visitor` sees it at `now` (seconds since
    /// 1970); nil for a visitor who is no member, or when no link opens.
    init?(_ links: [ShareLink], visitor: Visitor, now: Int64) {
        let open = links.filter { $0.isLive(at: now) && $0.endedAt == nil }
        guard visitor.can(.member), !open.isEmpty else { return nil }
        self.links = open.map { link in
            let until = link.expiresAt.map { Phrase("Shared by link with anyone who has it, until \(Phrase.Argument.date($0, .time))") }
                ?? Phrase("Shared by link with anyone who has it, until the link is revoked")
            let mine = link.accountId == visitor.account?.id
            let whose = mine ? [] : [Phrase("made by \(link.ownerName)")]
            return Link(text: Phrase.joined([until] + SharedView.terms(of: link, opens: true) + whose, separator: " · "),
                        manageURL: mine || visitor.can(.admin) ? SiteURL.shared.fragment("share-\(link.id)") : nil)
        }
        cacheKey = open.map { "\($0.id):\($0.expiresAt ?? 0):\($0.passwordHash != nil):\($0.uploadsLeft)" }.joined(separator: ",")
    }
}
