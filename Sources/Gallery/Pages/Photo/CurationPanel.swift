import Catalog

/// The favorite, stars, tags and delete controls of the photo view.
struct CurationPanel: Encodable {
    struct Star: Encodable {
        var value: Int
        var label: Phrase
        var on: Bool
        /// What the rating line says once this star is chosen (the page's script says it without a reload).
        var said: Phrase
    }
    struct AlbumLink: Encodable {
        var id: Int64
        var name: String
        var url: SiteURL
    }
    var csrf, key, back: String
    var isFavorite: Bool
    var favoriteValue: String
    var stars: [Star]
    var ratingText: Phrase
    var tags: [NamedLink]
    var deleteURL: SiteURL
    /// Stars, tags and delete (members and admins); everyone signed in may favorite.
    var canCurate: Bool
    let favoriteAction = SiteURL.Action.favorite.url
    let rateAction = SiteURL.Action.rate.url
    let tagAction = SiteURL.Action.tag.url
    let captionAction = SiteURL.Action.caption.url
    let rotateAction = SiteURL.Action.rotate.url
    /// Photos turn; a video plays as it was shot, so it offers no turn.
    var canTurn: Bool
    /// Nil when there is none: an empty string would still open a Mustache section.
    var caption: String?
    let captionMaxLength = CaptionText.maxLength
    let untagAction = SiteURL.Action.untag.url
    let tagMaxLength = TagName.maxLength
    /// The albums this photo is in, and every album's name (for the add form's suggestions).
    var albums: [AlbumLink]
    var albumNames: [String]
    let albumAddAction = SiteURL.Action.albumAdd.url
    let albumRemoveAction = SiteURL.Action.albumRemove.url
    /// Whether the photo is private, and the form that changes it; nil for guests.
    var privacy: PrivacyBox?

    init(photo: PhotoDetail, csrf: String, back: String, canCurate: Bool, albums: [Album] = [], albumNames: [String] = []) {
        self.albums = albums.map { AlbumLink(id: $0.id, name: $0.name, url: SiteURL.album($0.id)) }
        self.albumNames = albumNames
        caption = photo.caption.isEmpty ? nil : photo.caption
        self.canCurate = canCurate
        canTurn = photo.card.kind != .video
        self.csrf = csrf
        key = photo.card.key
        self.back = back
        isFavorite = photo.isFavorite
        favoriteValue = photo.isFavorite ? "off" : "on"
        stars = (1...5).map { Star(value: $0, label: Phrase(count: $0, "\($0) star", "\($0) stars"), on: $0 <= photo.rating, said: Self.ratingText($0)) }
        ratingText = Self.ratingText(photo.rating)
        tags = photo.tags.map { NamedLink(name: .verbatim($0), url: SiteURL.group(.tag($0))) }
        deleteURL = SiteURL.confirmDelete(photo.card.key)
    }
}

/// What the photo page says of a photo's privacy, with the form that keeps it private or gives it
/// back to the household.
struct PrivacyBox: Encodable, Equatable {
    var isPrivate: Bool
    var note: Phrase?
    /// The form's `value` and button; nil when the visitor may not change it.
    var value: String?
    var button: Phrase?
    let privateAction = SiteURL.Action.privatePhoto.url

    /// Nil for a visitor without an account, who has nothing to keep.
    init?(privateTo holder: Int64?, visitor: Visitor) {
        guard let account = visitor.account else { return nil }
        let canChange = visitor.can(.member)
        isPrivate = holder != nil
        switch holder {
        case nil:
            (value, button) = canChange ? ("on", Phrase("Keep private")) : (nil, nil)
        case account.id?:
            note = visitor.adminsSeePrivate ? Phrase("Private: only you and the household’s admins see it.") : Phrase("Private: only you see it.")
            (value, button) = ("off", Phrase("Give it back to the household"))
        case formerAccountOwner?:
            note = Phrase("Private to an account that was removed.")
            (value, button) = visitor.sight == .everything ? ("off", Phrase("Give it back to the household")) : (nil, nil)
        default:
            note = Phrase("Private to another member (admins see it here).")
        }
    }
}

extension CurationPanel {
    /// "3 of 5 stars", or "Not rated".
    static func ratingText(_ rating: Int) -> Phrase {
        rating == 0 ? Phrase("Not rated") : Phrase("\(rating) of 5 stars")
    }
}
