/// Where a TIFF structure (an EXIF block, a TIFF file, a PNG's `eXIf`, a HEIF's `Exif` item)
/// says a picture was taken, found and emptied in place: every IFD reachable from IFD0 (its
/// chain, the Exif IFD, the Interop IFD, SubIFDs) is walked, and every GPS IFD any of them points
/// to is emptied (count 0, entries and the values they point to zeroed), whatever order the
/// entries come in. Maker's notes and GeoTIFF's tags are zeroed, a JPEG thumbnail is cleaned as
/// a JPEG, and XMP (tag 700), IPTC (33723) and a Photoshop block (34377) held in an IFD are
/// cleaned as in a JPEG. Pure and total: nil when the header is no TIFF header.
enum TIFFPlaces {
    /// The most IFDs walked: a camera writes fewer than ten.
    static let maxIFDs = 256

    /// The patches for the TIFF structure in `tiff`; offsets inside it are from its start.
    /// `strict` (a TIFF file, whose every IFD must be read) makes an IFD that runs out of the
    /// bytes an error rather than an unreadable corner.
    static func patches(_ data: JPEGHeader.Reader, tiff: Range<Int>, strict: Bool = false, depth: Int = 0) -> [GPSRedaction.Patch]? {
        guard tiff.count >= 8, tiff.lowerBound >= 0, tiff.upperBound <= data.count else { return nil }
        let base = tiff.lowerBound
        let bigEndian: Bool
        switch (data[base], data[base + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        guard data.u16(base + 2, bigEndian: bigEndian) == 42 else { return nil }
        var walk = Walk(data: data, tiff: tiff, bigEndian: bigEndian, strict: strict, depth: depth)
        walk.queue.append((data.u32(base + 4, bigEndian: bigEndian), true))
        walk.run()
        return walk.failed ? nil : walk.out
    }
}
