/// The one-tap favorite button on a tile; it answers with a 303 back to this tile on this page.
struct TileFavorite: Encodable {
    var csrf, key, back, value: String
    var on: Bool
    var label: Phrase
    let action = SiteURL.Action.favorite.url
}
