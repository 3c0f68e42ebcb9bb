/// A photo tile on a group page.
struct PhotoTile: Encodable {
    var url: SiteURL
    /// Fragment id, so a link can land on this tile.
    var anchor: String
    var name: String
    var image: ThumbImage
    /// The one-tap favorite; nil where the visitor cannot keep favorites (share links).
    var favorite: TileFavorite?
}
