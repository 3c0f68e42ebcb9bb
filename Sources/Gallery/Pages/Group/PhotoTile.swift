/// A photo tile on a group page.
struct PhotoTile: Encodable {
    var url: SiteURL
    /// Fragment id, so a link can land on this tile.
    var anchor: String
    /// The file's id: the value of its checkbox in select mode.
    var fileId: Int64
    /// In select mode the tile is a checkbox's label, not a link.
    var selecting = false
    var name: String
    var image: ThumbImage
    /// The one-tap favorite; nil where the visitor cannot keep favorites (share links).
    var favorite: TileFavorite?
    /// A video's length on its tile ("0:42"); nil for a photo. The image's alt text says it too.
    var duration: String?
    /// What else the shot holds ("Live", "RAW", "Live · RAW"); nil for none. The alt text says it too.
    var badge: String?
}
