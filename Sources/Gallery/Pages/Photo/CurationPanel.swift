import Catalog

/// The favorite, stars, tags and delete controls of the photo view.
struct CurationPanel: Encodable {
    struct Star: Encodable {
        var value: Int
        var label: String
        var on: Bool
    }
    struct Tag: Encodable {
        var name: String
        var url: SiteURL
    }
    var csrf, key, back: String
    var isFavorite: Bool
    var favoriteValue: String
    var stars: [Star]
    var ratingText: String
    var tags: [Tag]
    var deleteURL: SiteURL
    /// Stars, tags and delete (members and admins); everyone signed in may favorite.
    var canCurate: Bool
    let favoriteAction = SiteURL.Action.favorite.url
    let rateAction = SiteURL.Action.rate.url
    let tagAction = SiteURL.Action.tag.url
    let untagAction = SiteURL.Action.untag.url
    let tagMaxLength = TagName.maxLength

    init(photo: PhotoDetail, csrf: String, back: String, canCurate: Bool) {
        self.canCurate = canCurate
        self.csrf = csrf
        key = photo.card.key
        self.back = back
        isFavorite = photo.isFavorite
        favoriteValue = photo.isFavorite ? "off" : "on"
        stars = (1...5).map { Star(value: $0, label: "\($0) star\($0 == 1 ? "" : "s")", on: $0 <= photo.rating) }
        ratingText = photo.rating == 0 ? "Not rated" : "\(photo.rating) of 5 stars"
        tags = photo.tags.map { Tag(name: $0, url: SiteURL.group(.tag($0))) }
        deleteURL = SiteURL.confirmDelete(photo.card.key)
    }
}
