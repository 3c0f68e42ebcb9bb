import CMagickWand

extension Imaging {
    /// Grid thumbnails go through MagickThumbnailImage (samples to 5× first: fast, fine when small); larger sizes resize with Lanczos.
    static let thumbnailPathLimit = 512

    /// Renders a JPEG rendition of the first frame: box is width x height in pixels. With decoder
    /// workers started, the decode runs in one of them, so a crash in ImageMagick kills only that.
    /// `rotation` turns the upright picture further, as the household asked. A video's rendition is
    /// its poster frame, taken by ffmpeg in a child process (`renderPoster`); a RAW's is made from
    /// its embedded JPEG preview (`renderRawHere`).
    public static func renderJPEG(
        fileAt path: String, format: ImageFormat, width: Int, height: Int, fit: RenditionFit, quality: Int = 82,
        rotation: Rotation = .none, encoding: RenditionEncoding = .jpeg
    ) throws -> [UInt8] {
        if format.isVideo {
            return try renderPoster(fileAt: path, format: format, width: width, height: height, fit: fit, quality: quality,
                                    rotation: rotation, encoding: encoding)
        }
        if let workers = decoderWorkers {
            return try workers.render(path: path, format: format, width: width, height: height, fit: fit, quality: quality,
                                      rotation: rotation, encoding: encoding)
        }
        return try renderJPEGHere(fileAt: path, format: format, width: width, height: height, fit: fit, quality: quality,
                                  rotation: rotation, encoding: encoding)
    }

    /// Renders in this process (what a decoder worker runs), stopped after `timeout` seconds
    /// (`decodeTimeout` when nil).
    public static func renderJPEGHere(
        fileAt path: String, format: ImageFormat, width: Int, height: Int, fit: RenditionFit, quality: Int = 82,
        rotation: Rotation = .none, encoding: RenditionEncoding = .jpeg, timeout: Double? = nil
    ) throws -> [UInt8] {
        try renderJPEGHere(fileAt: path, format: format, width: width, height: height, fit: fit, quality: quality, turbo: true,
                           rotation: rotation, encoding: encoding, timeout: timeout)
    }

    /// `turbo: false` always goes through ImageMagick (tests compare the two paths).
    static func renderJPEGHere(
        fileAt path: String, format: ImageFormat, width: Int, height: Int, fit: RenditionFit, quality: Int, turbo: Bool,
        rotation: Rotation = .none, encoding: RenditionEncoding = .jpeg, timeout: Double? = nil
    ) throws -> [UInt8] {
        guard width > 0, height > 0 else { throw ImagingError.unreadable("empty rendition box") }
        // A cover upscales into its box, so the box itself must respect the cap too.
        let (boxPixels, boxOverflow) = width.multipliedReportingOverflow(by: height)
        guard !boxOverflow, boxPixels <= maxPixels else { throw ImagingError.tooManyPixels(boxOverflow ? Int.max : boxPixels) }
        // A RAW is shown by its embedded JPEG preview, through libjpeg-turbo; ImageMagick never sees it.
        if format.isRaw {
            return try renderRawHere(fileAt: path, width: width, height: height, fit: fit, quality: quality, rotation: rotation,
                                     encoding: encoding, turbo: turbo, timeout: timeout ?? decodeTimeout)
        }
        // A JPEG grid thumbnail is read once, its header in Swift and its pixels by libjpeg-turbo.
        let bytes = turbo && format == .jpeg && max(width, height) <= TurboRendition.maxBox
            ? TurboRendition.readFile(path) : nil
        let timeout = timeout ?? decodeTimeout
        let probe = try bytes.flatMap(JPEGHeader.probe) ?? probeHere(fileAt: path, format: format, timeout: timeout)
        let (pixels, overflow) = probe.width.multipliedReportingOverflow(by: probe.height)
        guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }
        if let bytes, let image = TurboRendition.pixels(
            jpeg: bytes, orientation: probe.orientation, rotation: rotation, width: width, height: height, fit: fit),
           let encoded = try encode(image, quality: quality, as: encoding) {
            return encoded
        }

        guard let wand = NewMagickWand() else { throw ImagingError.unreadable("out of memory") }
        defer { DestroyMagickWand(wand) }
        // Shrink-on-load: libjpeg skips most of the work when it may decode at a fraction of the size.
        // The box as the upright picture sees it: a quarter turn after it trades the sides.
        let (uprightWidth, uprightHeight) = rotation.swapsSides ? (height, width) : (width, height)
        if format == .jpeg, let hint = JPEGSizeHint.forImage(probe, boxWidth: uprightWidth, boxHeight: uprightHeight, fit: fit) {
            MagickSetOption(wand, "jpeg:size", hint.description)
        }
        return try MagickFile.guarded(wand, timeout: timeout) {
            try MagickFile.load(wand, path: path, format: format, mode: .read)
            try shape(wand, width: width, height: height, fit: fit, rotation: rotation)
            return try encode(wand, quality: quality, as: encoding)
        }
    }

    /// Orients (EXIF, then the household's turn), crops and resizes the wand's image into the box.
    static func shape(_ wand: OpaquePointer, width: Int, height: Int, fit: RenditionFit, rotation: Rotation = .none) throws {
        try MagickFile.check(MagickAutoOrientImage(wand), wand, "orient image")
        // Transverse (orientation 7) leaves a virtual canvas offset that would shift the crop.
        MagickResetImagePage(wand, "0x0+0+0")
        if rotation != .none {
            guard let background = NewPixelWand() else { throw ImagingError.unreadable("out of memory") }
            defer { DestroyPixelWand(background) }
            try MagickFile.check(MagickRotateImage(wand, background, Double(rotation.rawValue)), wand, "rotate image")
            MagickResetImagePage(wand, "0x0+0+0")
        }
        let oriented = (width: Int(MagickGetImageWidth(wand)), height: Int(MagickGetImageHeight(wand)))
        let plan = RenditionGeometry.plan(
            width: oriented.width, height: oriented.height, boxWidth: width, boxHeight: height, fit: fit)
        if plan.crops(width: oriented.width, height: oriented.height) {
            try MagickFile.check(
                MagickCropImage(wand, plan.cropWidth, plan.cropHeight, plan.cropX, plan.cropY), wand, "crop image")
            // The crop leaves a virtual canvas offset behind that would confuse the resize.
            MagickResetImagePage(wand, "0x0+0+0")
        }
        if plan.resizes {
            let (columns, rows) = (plan.resizeWidth, plan.resizeHeight)
            if max(columns, rows) <= thumbnailPathLimit {
                try MagickFile.check(MagickThumbnailImage(wand, columns, rows), wand, "resize image")
            } else {
                try MagickFile.check(MagickResizeImage(wand, columns, rows, LanczosFilter, 1.0), wand, "resize image")
            }
        }
        // A GIF frame can carry its own canvas offset, which means nothing in a JPEG.
        MagickResetImagePage(wand, "0x0+0+0")
    }

    /// Pixels made in Swift, stored as asked: a JPEG by libjpeg-turbo, WebP by ImageMagick's coder
    /// (libwebp). Nil when libjpeg-turbo declines (ImageMagick then renders the file itself).
    static func encode(_ image: Pixels, quality: Int, as encoding: RenditionEncoding) throws -> [UInt8]? {
        switch encoding {
        case .jpeg:
            return TurboRendition.encode(image, quality: quality)
        case .webp:
            bootstrap()
            guard let wand = NewMagickWand() else { throw ImagingError.unreadable("out of memory") }
            defer { DestroyMagickWand(wand) }
            let made = image.rgb.withUnsafeBufferPointer { rgb in
                MagickConstituteImage(wand, image.width, image.height, "RGB", CharPixel, rgb.baseAddress)
            }
            try MagickFile.check(made, wand, "take the pixels")
            return try encode(wand, quality: quality, as: .webp)
        }
    }

    /// Flattens, converts to sRGB, strips metadata and encodes a baseline 4:2:0 JPEG, or a lossy WebP.
    static func encode(_ wand: OpaquePointer, quality: Int, as encoding: RenditionEncoding) throws -> [UInt8] {
        // Renditions have no alpha: transparent areas go onto white rather than whatever lies beneath.
        if MagickGetImageAlphaChannel(wand) == MagickTrue {
            guard let white = NewPixelWand() else { throw ImagingError.unreadable("out of memory") }
            defer { DestroyPixelWand(white) }
            PixelSetColor(white, "white")
            MagickSetImageBackgroundColor(wand, white)
            try MagickFile.check(MagickSetImageAlphaChannel(wand, RemoveAlphaChannel), wand, "flatten alpha")
        }
        try MagickFile.check(MagickTransformImageColorspace(wand, sRGBColorspace), wand, "convert to sRGB")
        // Renditions are public: no GPS, serials or thumbnails may leak through them.
        try MagickFile.check(MagickStripImage(wand), wand, "strip metadata")
        MagickSetImageDepth(wand, 8)
        let coder = encoding == .jpeg ? "JPEG" : "WEBP"
        // The read left a `CODER:photo[0]` name behind whose prefix would outrank the image format.
        MagickSetFilename(wand, "\(coder):rendition")
        try MagickFile.check(MagickSetImageFilename(wand, "\(coder):rendition"), wand, "name rendition")
        try MagickFile.check(MagickSetImageFormat(wand, coder), wand, "select \(coder)")
        MagickSetImageCompressionQuality(wand, min(max(quality, 1), 100))
        switch encoding {
        case .jpeg:
            // Set explicitly: ImageMagick otherwise keeps the source's sampling, or full chroma at quality >= 90.
            MagickSetOption(wand, "jpeg:sampling-factor", "2x2,1x1,1x1")
        case .webp:
            // libwebp's default effort: smaller files than its quickest, at a millisecond or two a tile.
            MagickSetOption(wand, "webp:method", "4")
        }

        var length = 0
        guard let blob = MagickGetImageBlob(wand, &length), length > 0 else {
            throw ImagingError.unreadable(MagickFile.failureReason(wand, fallback: "cannot encode \(coder)"))
        }
        defer { MagickRelinquishMemory(blob) }
        return Array(UnsafeBufferPointer(start: blob, count: length))
    }
}
