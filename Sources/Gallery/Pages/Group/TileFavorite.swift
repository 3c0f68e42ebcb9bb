/// The one-tap favorite button on a tile; it answers with a 303 back to this tile on this page.
struct TileFavorite: Encodable {
    var csrf, key, back, value: String
    var on: Bool
    var label: Phrase
    /// The label once tapped: the page's script turns the button without a reload.
    var otherLabel: Phrase
    let action = SiteURL.Action.favorite.url
}
