/// A thumbnail `<img>`: always lazy, with intrinsic size, alt text and a 2x `srcset`.
struct ThumbImage: Encodable {
    var src: String
    var srcset: String
    var width: Int
    var height: Int
    var alt: String

    /// A square grid thumbnail of a picture.
    init(sha256: String, alt: String, links: Links = .gallery) {
        src = links.thumbnail(sha256, .grid)
        srcset = "\(links.thumbnail(sha256, .grid)) 1x, \(links.thumbnail(sha256, .grid2x)) 2x"
        width = Paths.Rendition.grid.rawValue
        height = Paths.Rendition.grid.rawValue
        self.alt = alt
    }
}

/// A folder on the folder grid or at the top of a group page.
struct FolderCard: Encodable {
    var url: String
    var name: String
    var countText: String
    var dateText: String?
    var cover: ThumbImage?
}

/// A photo tile on a group page.
struct PhotoTile: Encodable {
    var url: String
    /// Fragment id, so a link can land on this tile.
    var anchor: String
    var name: String
    var image: ThumbImage
    /// The one-tap favorite; nil where the visitor cannot keep favorites (share links).
    var favorite: TileFavorite?
}

/// The one-tap favorite button on a tile; it answers with a 303 back to this tile on this page.
struct TileFavorite: Encodable {
    var csrf: String
    var key: String
    var back: String
    var value: String
    var on: Bool
    var label: String
    let action = Paths.Action.favorite.path
}

/// Numbered page links with prev/next.
struct Pagination: Encodable {
    struct Link: Encodable {
        var label: String
        var url: String?
        var current: Bool
        var gap: Bool
    }
    var previousURL: String?
    var nextURL: String?
    var links: [Link]
    var summary: String
}

/// One choice in the sort bar.
struct SortChoice: Encodable {
    var label: String
    var url: String
    var current: Bool
}
