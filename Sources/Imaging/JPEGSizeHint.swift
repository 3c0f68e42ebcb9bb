/// The `jpeg:size` hint that lets libjpeg decode at 1/2, 1/4 or 1/8 scale (or any n/8 in libjpeg-turbo).
///
/// ImageMagick turns a hint `hw x hh` into the denominator `trunc(min(w / hw, h / hh))`, and
/// libjpeg then decodes at the smallest n/8 scale that is at least 1/denominator, so the decoded
/// image is never smaller than the hint. The hint is therefore simply the size the final resize
/// needs, in stored (unrotated) pixels; a square hint would let the short side decide for both.
struct JPEGSizeHint: Equatable, CustomStringConvertible {
    var width: Int
    var height: Int

    /// The `WxH` text ImageMagick parses.
    var description: String { "\(width)x\(height)" }

    /// The hint for an image of `imageWidth` × `imageHeight` stored pixels rendered into a box given
    /// in the same (stored) orientation; nil when the image is not larger than it needs to be.
    static func forImage(
        width imageWidth: Int, height imageHeight: Int,
        boxWidth: Int, boxHeight: Int, fit: RenditionFit
    ) -> JPEGSizeHint? {
        guard imageWidth > 0, imageHeight > 0, boxWidth > 0, boxHeight > 0 else { return nil }
        let scale = RenditionGeometry.scale(
            width: imageWidth, height: imageHeight, boxWidth: boxWidth, boxHeight: boxHeight, fit: fit)
        // No shrink-on-load is possible unless the image is at least twice what is needed.
        guard scale <= 0.5 else { return nil }
        let needWidth = max(1, Int((Double(imageWidth) * scale).rounded(.up)))
        let needHeight = max(1, Int((Double(imageHeight) * scale).rounded(.up)))
        return JPEGSizeHint(width: needWidth, height: needHeight)
    }

    /// The hint for rendering `probe`'s image into a box given as displayed (after orientation).
    static func forImage(_ probe: ImageProbe, boxWidth: Int, boxHeight: Int, fit: RenditionFit) -> JPEGSizeHint? {
        let turned = probe.isQuarterTurned
        return forImage(
            width: probe.width, height: probe.height,
            boxWidth: turned ? boxHeight : boxWidth, boxHeight: turned ? boxWidth : boxHeight, fit: fit)
    }

    /// The size libjpeg-turbo decodes to for this hint, as ImageMagick 6 computes it; used to check hints.
    static func decodedSize(width: Int, height: Int, hint: JPEGSizeHint) -> (width: Int, height: Int) {
        let denominator = max(1, Int(min(Double(width) / Double(hint.width), Double(height) / Double(hint.height))))
        // libjpeg-turbo picks the smallest n/8 with n/8 >= 1/denominator and rounds dimensions up.
        let eighths = min(8, (8 + denominator - 1) / denominator)
        return ((width * eighths + 7) / 8, (height * eighths + 7) / 8)
    }
}
