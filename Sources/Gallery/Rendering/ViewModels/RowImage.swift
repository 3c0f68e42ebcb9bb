import Catalog

/// A group's tile in a justified row: the photo in its own shape (`SiteURL.Rendition.row`), in
/// WebP and JPEG at 1x and 2x, with `srcset` by width so a browser takes what the tile's size on
/// its screen needs. Always lazy, with its size stated, so nothing moves as tiles arrive.
struct RowImage: Encodable {
    var src, src2x, webp, webp2x: SiteURL
    /// The 1x rendition's size (the `<img>` size and its `srcset` width).
    var width, height: Int
    /// The 2x rendition's width for `srcset`; nil when it is the 1x one (a small original).
    var width2x: Int?
    /// `<img sizes>`: the tile's width in the page's layout (`ViewMode.rowSizes`).
    var sizes: String
    /// What a screen reader says of the picture.
    var alt: Phrase
    /// The tile's shape, width over height in hundredths (`TileShape`): its `<li>`'s class, which
    /// gives it its share of a justified row.
    var shape: TileShape

    init(_ card: PhotoCard, alt: Phrase, scope: SiteURL.Scope = .gallery, mode: ViewMode = .medium) {
        let picture = card.picture
        src = scope.thumbnail(picture, .row)
        src2x = scope.thumbnail(picture, .row2x)
        webp = scope.thumbnail(picture, .row, .webp)
        webp2x = scope.thumbnail(picture, .row2x, .webp)
        (width, height) = SiteURL.Rendition.row.size(ofWidth: card.width, height: card.height)
        let double = SiteURL.Rendition.row2x.size(ofWidth: card.width, height: card.height).width
        width2x = double > width ? double : nil
        shape = TileShape(width: card.width, height: card.height)
        self.alt = alt
        sizes = ""
        lay(in: mode)
    }

    /// Says in `sizes` how wide the tile is drawn in `mode`'s rows.
    mutating func lay(in mode: ViewMode) {
        sizes = mode.rowSizes(shape, oneX: width)
    }
}

/// A tile's shape in a justified row: its photo's width over height, in steps of 0.05 from
/// 0.5 (a tall portrait) to 3 (a panorama), as a class of the stylesheet (`a150` for 3:2), which
/// gives the tile its share of a row. A photo beyond either end is cropped to it; one of unknown
/// size is square.
struct TileShape: Encodable, Equatable, Sendable, CustomStringConvertible {
    /// Width over height in hundredths: 50, 55, …, 300.
    let hundredths: Int

    static let narrowest = 50, widest = 300, step = 5

    init(width: Int, height: Int) {
        guard width > 0, height > 0 else { hundredths = 100; return }
        let steps = (Double(width) / Double(height) * 100 / Double(Self.step)).rounded()
        hundredths = min(max(Int(steps) * Self.step, Self.narrowest), Self.widest)
    }

    init(hundredths: Int) { self.hundredths = hundredths }

    /// Every shape there is, narrowest first: each has its class in the stylesheet.
    static var all: [TileShape] { stride(from: narrowest, through: widest, by: step).map(TileShape.init(hundredths:)) }

    /// The stylesheet's class for it.
    var className: String { "a\(hundredths)" }
    var description: String { className }

    /// `length` CSS pixels high, this many wide (rounded).
    func width(high length: Int) -> Int { (length * hundredths + 50) / 100 }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(className)
    }
}
