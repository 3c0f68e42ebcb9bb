extension Imaging {
    /// How alike and how sharp the picture in the file is (`Likeness`), measured in a decoder
    /// worker when they are started, like a render. A video has none: stacks and the Similar
    /// collection are of stills.
    public static func likeness(fileAt path: String, format: ImageFormat) throws -> Likeness {
        guard !format.isVideo else { throw ImagingError.notAnImage }
        if let workers = decoderWorkers { return try workers.likeness(path: path, format: format) }
        return try likenessHere(fileAt: path, format: format)
    }

    /// Measures in this process (what a decoder worker runs). A JPEG is decoded by libjpeg-turbo
    /// at the smallest scale that covers the working size; anything else, or a JPEG it declines,
    /// is first rendered the way a screen rendition is (ImageMagick, or a RAW's preview) at that
    /// size and read back, so every format is measured on the same upright picture.
    public static func likenessHere(fileAt path: String, format: ImageFormat, timeout: Double? = nil) throws -> Likeness {
        guard !format.isVideo else { throw ImagingError.notAnImage }
        let side = Likeness.workingSide
        var image: Pixels?
        if format == .jpeg, let bytes = TurboRendition.readFile(path), let probe = JPEGHeader.probe(bytes) {
            let (pixels, overflow) = probe.width.multipliedReportingOverflow(by: probe.height)
            guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }
            image = TurboRendition.pixels(jpeg: bytes, orientation: probe.orientation, width: side, height: side, fit: .fit)
        }
        if image == nil {
            let rendered = try renderJPEGHere(fileAt: path, format: format, width: side, height: side, fit: .fit, quality: 95, timeout: timeout)
            image = TurboRendition.pixels(jpeg: rendered, orientation: 1, width: side, height: side, fit: .fit)
        }
        guard let image, let likeness = Likeness.of(grey: image.grey, width: image.width, height: image.height) else {
            throw ImagingError.unreadable("the picture could not be measured")
        }
        return likeness
    }
}

extension Pixels {
    /// The grey level of each pixel (ITU-R BT.601 weights, in integers).
    var grey: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        rgb.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for index in 0..<target.count {
                    let at = index * 3
                    let red = 77 * Int(source[at]), green = 150 * Int(source[at + 1]), blue = 29 * Int(source[at + 2])
                    target[index] = UInt8(truncatingIfNeeded: (red + green + blue + 128) >> 8)
                }
            }
        }
        return out
    }
}
