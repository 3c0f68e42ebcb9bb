extension Imaging {
    /// How alike and how sharp the picture in the file is (`Likeness`), measured in a decoder
    /// worker of the background lane when they are started (niced: nobody waits for it). A video
    /// has none: stacks and the Similar collection are of stills.
    public static func likeness(fileAt path: String, format: ImageFormat) throws -> Likeness {
        guard !format.isVideo else { throw ImagingError.notAnImage }
        if let workers = decoderWorkers { return try workers.likeness(path: path, format: format) }
        return try likenessHere(fileAt: path, format: format)
    }

    /// Measures in this process (what a decoder worker runs). A JPEG's grey levels are decoded by
    /// libjpeg-turbo at the smallest n/8 scale whose longer side is still `Likeness.workingSide`
    /// (`TurboRendition.grey`); anything else, or a JPEG it declines, is first rendered the way a
    /// screen rendition is (ImageMagick, or a RAW's preview) to that side and read back, so every
    /// format is measured on the same upright picture.
    public static func likenessHere(fileAt path: String, format: ImageFormat, timeout: Double? = nil) throws -> Likeness {
        guard !format.isVideo else { throw ImagingError.notAnImage }
        let side = Likeness.workingSide
        var image: GreyPicture?
        if format == .jpeg, let bytes = TurboRendition.readFile(path), let probe = JPEGHeader.probe(bytes) {
            let (pixels, overflow) = probe.width.multipliedReportingOverflow(by: probe.height)
            guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }
            image = TurboRendition.grey(jpeg: bytes, orientation: probe.orientation, longSide: side)
        }
        if image == nil {
            let rendered = try renderJPEGHere(fileAt: path, format: format, width: side, height: side, fit: .fit, quality: 95, timeout: timeout)
            image = TurboRendition.grey(jpeg: rendered, orientation: 1, longSide: side)
        }
        guard let image, let likeness = Likeness.of(grey: image.levels, width: image.width, height: image.height) else {
            throw ImagingError.unreadable("the picture could not be measured")
        }
        return likeness
    }
}
