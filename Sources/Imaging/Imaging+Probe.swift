import Foundation
import CMagickWand

extension Imaging {
    /// Pings the first frame of the file with `format`'s coder, reading header and EXIF but no pixels;
    /// in a decoder worker when they are started. A video is asked of ffprobe, in a child process;
    /// a RAW is read by `RawPreview`.
    public static func probe(fileAt path: String, format: ImageFormat) throws -> ImageProbe {
        if format.isVideo { return try probeVideoForCatalog(fileAt: path, format: format) }
        // A RAW's structure is read in Swift, like a JPEG's header: no decoder is involved.
        if format.isRaw { return try probeRaw(fileAt: path, format: format) }
        var probe = try decoderWorkers.map { try $0.probe(path: path, format: format) } ?? probeHere(fileAt: path, format: format)
        // ImageMagick 6 reads no EXIF from PNG's eXIf chunk or WebP's EXIF chunk, nor always a
        // HEIF's Exif item (not one placed after the picture); Swift does, here.
        if [.png, .webp, .heic, .avif].contains(format), let exif = try? withRawFile(path, { ContainerExif.read($0, format: format) }) {
            if probe.takenAt == nil || probe.takenSource == .xmp, let taken = exif.taken.flatMap(ExifDate.parse) {
                (probe.takenAt, probe.takenSource, probe.takenOffset) = (taken, .exif, exif.offset.flatMap(TimeOffset.minutes))
            }
            probe.cameraMake = probe.cameraMake ?? exif.make
            probe.cameraModel = probe.cameraModel ?? exif.model
            probe.location = probe.location ?? exif.location
        }
        // Nor a TIFF's own GPS IFD (ImageMagick 6 reports no GPS for TIFF), read where the file keeps it.
        if format == .tiff, probe.location == nil { probe.location = tiffLocation(path) }
        // Nor the XMP of PNG's iTXt chunk or WebP's XMP chunk, where an editor may keep the only
        // position or the only date.
        if probe.location == nil, format == .png || format == .webp,
           let found = try? withRawFile(path, { ContainerExif.xmp($0, format: format).flatMap(XMPPosition.read) }) {
            probe.location = found
        }
        if probe.takenAt == nil, format == .png || format == .webp,
           let found = try? withRawFile(path, { ContainerExif.xmp($0, format: format).flatMap(XMPDate.takenWithOffset(inXMP:)) }) {
            (probe.takenAt, probe.takenSource, probe.takenOffset) = (found.date, .xmp, found.offset)
        }
        return probe
    }

    /// Probes with the header bytes already read: a JPEG's header is read in Swift when it can
    /// be (no ImageMagick, no worker round trip); anything else, or a JPEG header it does not
    /// understand, goes to `probe(fileAt:format:)`.
    public static func probe(fileAt path: String, format: ImageFormat, header: [UInt8]) throws -> ImageProbe {
        guard format == .jpeg, let probe = JPEGHeader.probe(header) else { return try self.probe(fileAt: path, format: format) }
        let (pixels, overflow) = probe.width.multipliedReportingOverflow(by: probe.height)
        guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }
        var checked = probe
        checked.motionLength = probe.motionLength.flatMap { motionClip(length: $0, inFileAt: path) }
        return checked
    }

    /// `length` when the last `length` bytes of the file are an ISO-BMFF video (an `ftyp` box
    /// starts there), nil when the XMP said more than the bytes hold.
    static func motionClip(length: Int64, inFileAt path: String) -> Int64? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), Int64(size) > length + 4 else { return nil }
        guard (try? handle.seek(toOffset: size - UInt64(length))) != nil,
              let head = try? handle.read(upToCount: 12), head.count == 12 else { return nil }
        return Array(head[4..<8]) == Array("ftyp".utf8) ? length : nil
    }

    /// Probes in this process (what a decoder worker runs), stopped after `timeout` seconds
    /// (`decodeTimeout` when nil).
    public static func probeHere(fileAt path: String, format: ImageFormat, timeout: Double? = nil) throws -> ImageProbe {
        if format.isRaw { return try probeRaw(fileAt: path, format: format) }
        bootstrap()
        guard let wand = NewMagickWand() else { throw ImagingError.unreadable("out of memory") }
        defer { DestroyMagickWand(wand) }
        return try MagickFile.guarded(wand, timeout: timeout ?? decodeTimeout) { try probe(wand, path: path, format: format) }
    }

    /// Pings the file into `wand` and reads the probe's fields from it.
    private static func probe(_ wand: OpaquePointer, path: String, format: ImageFormat) throws -> ImageProbe {
        try MagickFile.load(wand, path: path, format: format, mode: .ping)
        // A file that could never be rendered is refused here, so it is listed with its reason instead of as a photo.
        let (pixels, overflow) = Int(MagickGetImageWidth(wand)).multipliedReportingOverflow(by: Int(MagickGetImageHeight(wand)))
        guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }

        // exif:* properties are parsed from the EXIF profile on first access, which ping keeps;
        // TIFF keeps Make/Model in its own tags, which its coder exposes as tiff:*.
        let make = MagickFile.property(wand, "exif:Make") ?? MagickFile.property(wand, "tiff:make")
        let model = MagickFile.property(wand, "exif:Model") ?? MagickFile.property(wand, "tiff:model")
        var probe = ImageProbe(
            format: format,
            width: Int(MagickGetImageWidth(wand)),
            height: Int(MagickGetImageHeight(wand)),
            orientation: Int(MagickGetImageOrientation(wand).rawValue),
            cameraMake: make,
            cameraModel: model,
            rating: EmbeddedCuration.rating(MagickFile.property(wand, "xmp:Rating")),
            keywords: EmbeddedCuration.keywords(
                MagickFile.profile(wand, "xmp").map(EmbeddedCuration.subjects) ?? [],
                EmbeddedCuration.iptcKeywords(MagickFile.profile(wand, "iptc"))))
        probe.location = location(wand) ?? MagickFile.profile(wand, "xmp").flatMap(XMPPosition.read)
        // (ImageMagick 6 knows no OffsetTimeOriginal: it is read from the EXIF profile itself, or
        // from a TIFF's own EXIF IFD, walked in Swift)
        let offset = format == .tiff ? try? withRawFile(path) { RawPreview.TIFFWalk($0)?.exif.offset }
            : MagickFile.profile(wand, "exif").flatMap { ContainerExif.fields($0).offset }
        probe.date(exif: MagickFile.property(wand, "exif:DateTimeOriginal"), offset: offset ?? nil, xmp: MagickFile.profile(wand, "xmp"),
                   iptc: MagickFile.profile(wand, "iptc"))
        return probe
    }

    /// The position a TIFF's own GPS IFD holds (the file is mapped, and only its IFDs are read);
    /// nil for none, or a file past 256 MB.
    private static func tiffLocation(_ path: String) -> GeoPoint? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), data.count <= 256 << 20 else { return nil }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return JPEGHeader.Exif.read(JPEGHeader.Reader(bytes: bytes), tiff: 0..<bytes.count).location
        }
    }

    /// The EXIF GPS position as ImageMagick's properties spell it ("48/1, 51/1, 2958/100" and "N").
    private static func location(_ wand: OpaquePointer) -> GeoPoint? {
        guard let latitude = MagickFile.property(wand, "exif:GPSLatitude").flatMap(GeoPoint.rationals),
              let longitude = MagickFile.property(wand, "exif:GPSLongitude").flatMap(GeoPoint.rationals) else { return nil }
        return GeoPoint(latitude: latitude, north: MagickFile.property(wand, "exif:GPSLatitudeRef"),
                        longitude: longitude, east: MagickFile.property(wand, "exif:GPSLongitudeRef"))
    }
}
