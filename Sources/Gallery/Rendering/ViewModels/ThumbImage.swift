import Catalog

/// A thumbnail `<img>`: always lazy, with intrinsic size, alt text and a 2x `srcset`.
struct ThumbImage: Encodable {
    var src: SiteURL
    /// The 2x rendition, for `srcset`.
    var src2x: SiteURL
    /// The same two in WebP, for browsers that take it (`<picture>`): about half the bytes.
    var webp: SiteURL
    var webp2x: SiteURL
    var width, height: Int
    /// What a screen reader says of the picture.
    var alt: Phrase

    /// A square grid thumbnail of a picture.
    init(_ picture: Picture, alt: Phrase, scope: SiteURL.Scope = .gallery) {
        src = scope.thumbnail(picture, .grid)
        src2x = scope.thumbnail(picture, .grid2x)
        webp = scope.thumbnail(picture, .grid, .webp)
        webp2x = scope.thumbnail(picture, .grid2x, .webp)
        width = SiteURL.Rendition.grid.rawValue
        height = SiteURL.Rendition.grid.rawValue
        self.alt = alt
    }
}
