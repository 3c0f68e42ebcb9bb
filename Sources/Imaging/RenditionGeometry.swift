/// The arithmetic of fitting an image into a rendition box, kept apart from ImageMagick so it can be tested.
///
/// A cover crops first and resizes second, so a long thin picture never becomes a huge intermediate
/// (a 10000×10 strip covering 256×256 would otherwise resize to 256000×256 before its crop).
struct RenditionGeometry: Equatable {
    /// The centred region of the (oriented) image to keep; the whole image for `.fit`.
    var cropX, cropY, cropWidth, cropHeight: Int
    /// The size the kept region is resized to.
    var resizeWidth, resizeHeight: Int

    /// The uniform scale factor for a fit: the larger ratio for `.cover`, the smaller (capped at 1) for `.fit`.
    static func scale(width: Int, height: Int, boxWidth: Int, boxHeight: Int, fit: RenditionFit) -> Double {
        let horizontal = Double(boxWidth) / Double(width)
        let vertical = Double(boxHeight) / Double(height)
        switch fit {
        case .cover: return max(horizontal, vertical)
        case .fit: return min(horizontal, vertical, 1)
        }
    }

    /// Plans the crop and resize of a `width` × `height` image (already oriented) into the box.
    static func plan(width: Int, height: Int, boxWidth: Int, boxHeight: Int, fit: RenditionFit) -> RenditionGeometry {
        switch fit {
        case .fit:
            let s = scale(width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight, fit: .fit)
            // Rounding must never push a side past the box or below one pixel.
            let w = min(max(1, Int((Double(width) * s).rounded())), boxWidth)
            let h = min(max(1, Int((Double(height) * s).rounded())), boxHeight)
            return RenditionGeometry(
                cropX: 0, cropY: 0, cropWidth: width, cropHeight: height, resizeWidth: w, resizeHeight: h)
        case .cover:
            // Keep the largest centred region with the box's aspect ratio, compared in integers.
            var keepWidth = width
            var keepHeight = height
            if width * boxHeight > height * boxWidth {
                keepWidth = min(width, max(1, Int((Double(height) * Double(boxWidth) / Double(boxHeight)).rounded())))
            } else {
                keepHeight = min(height, max(1, Int((Double(width) * Double(boxHeight) / Double(boxWidth)).rounded())))
            }
            return RenditionGeometry(
                cropX: (width - keepWidth) / 2, cropY: (height - keepHeight) / 2,
                cropWidth: keepWidth, cropHeight: keepHeight, resizeWidth: boxWidth, resizeHeight: boxHeight)
        }
    }

    /// Whether the plan keeps less than the whole image.
    func crops(width: Int, height: Int) -> Bool {
        cropWidth != width || cropHeight != height
    }

    /// Whether the kept region has to change size.
    var resizes: Bool {
        resizeWidth != cropWidth || resizeHeight != cropHeight
    }
}
