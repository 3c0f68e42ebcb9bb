import CMagickWand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Imaging {
    /// What a RAW whose structure holds no JPEG preview libjpeg-turbo can decode fails with.
    static let noRawPreview = ImagingError.unreadable("a RAW file that has no embedded preview")

    /// Probes a RAW by its structure and its preview's JPEG header, both read in pure Swift
    /// (`RawPreview`, fuzzed like `JPEGHeader`): the size is the preview's, the date, camera and
    /// orientation the RAW's own. No pixels are decoded.
    static func probeRaw(fileAt path: String, format: ImageFormat) throws -> ImageProbe {
        let preview = try withRawFile(path) { RawPreview.find(in: $0) }
        guard let preview else { throw noRawPreview }
        let (pixels, overflow) = preview.width.multipliedReportingOverflow(by: preview.height)
        guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }
        var probe = ImageProbe(format: format, width: preview.width, height: preview.height, orientation: preview.orientation,
                               takenAt: preview.takenAt, cameraMake: preview.cameraMake, cameraModel: preview.cameraModel)
        probe.takenSource = preview.takenAt == nil ? nil : .exif
        return probe
    }

    /// Renders a RAW from its embedded preview through libjpeg-turbo, turned by the RAW's
    /// orientation and then the household's; what a decoder worker runs. When libjpeg-turbo
    /// declines the preview (a decode warning, a box past the screen size), or `turbo` is false,
    /// ImageMagick's JPEG coder reads the preview's bytes; the RAW's own bytes never reach it.
    static func renderRawHere(
        fileAt path: String, width: Int, height: Int, fit: RenditionFit, quality: Int, rotation: Rotation, encoding: RenditionEncoding,
        turbo: Bool, timeout: Double
    ) throws -> [UInt8] {
        let found = try withRawFile(path) { data in
            RawPreview.find(in: data).flatMap { preview in preview.jpeg(in: data).map { (preview, $0) } }
        }
        guard let (preview, jpeg) = found else { throw noRawPreview }
        let (pixels, overflow) = preview.width.multipliedReportingOverflow(by: preview.height)
        guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }
        if turbo, let image = TurboRendition.pixels(
            jpeg: jpeg, orientation: preview.orientation, rotation: rotation, width: width, height: height, fit: fit),
           let rendition = try encode(image, quality: quality, as: encoding) {
            return rendition
        }
        bootstrap()
        guard let wand = NewMagickWand() else { throw ImagingError.unreadable("out of memory") }
        defer { DestroyMagickWand(wand) }
        return try MagickFile.guarded(wand, timeout: timeout) {
            // Named as a JPEG, and it starts with SOI (`RawPreview` checked), so no other coder reads it.
            MagickSetFilename(wand, "JPEG:preview[0]")
            let read = jpeg.withUnsafeBytes { MagickReadImageBlob(wand, $0.baseAddress, $0.count) }
            guard read == MagickTrue, MagickGetNumberImages(wand) > 0 else {
                throw ImagingError.unreadable(MagickFile.failureReason(wand, fallback: "the RAW file's embedded preview could not be decoded"))
            }
            MagickSetFirstIterator(wand)
            // The RAW's orientation, not whatever the preview says of itself.
            MagickSetImageOrientation(wand, OrientationType(rawValue: UInt32(preview.orientation)))
            try shape(wand, width: width, height: height, fit: fit, rotation: rotation)
            return try encode(wand, quality: quality, as: encoding)
        }
    }

    /// Opens the file for `body`, which reads it at random through `RawBytes` (pread, nothing mapped).
    static func withRawFile<T>(_ path: String, _ body: (RawBytes) throws -> T) throws -> T {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImagingError.unreadable("cannot open file (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImagingError.unreadable("cannot read file") }
        let data = RawBytes(size: Int(info.st_size)) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let filled = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                var done = 0
                while done < count {
                    let got = pread(fd, base + done, count - done, off_t(offset + done))
                    if got < 0 && errno == EINTR { continue }
                    guard got > 0 else { break }
                    done += got
                }
                return done
            }
            return filled == count ? bytes : nil
        }
        return try body(data)
    }
}
