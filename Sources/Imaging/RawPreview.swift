import Foundation

/// The JPEG preview a camera embeds in its RAW file, and the EXIF basics beside it, read in pure
/// Swift from the file's structure: TIFF IFDs (DNG, CR2, NEF, ARW, PEF, and ORF and RW2 with
/// their own magic), RAF's header, CR3's ISO-BMFF boxes. Photolala shows a RAW by this preview
/// and never decodes the sensor data. Total: every offset and count a file claims is checked
/// against its size before it is used, arithmetic cannot overflow, and the walk visits at most
/// `maxIFDs` IFDs, each once, so cycles end.
public struct RawPreview: Sendable, Equatable {
    /// Where the preview's JPEG bytes start in the file.
    public var offset: Int
    /// How many bytes the preview has.
    public var length: Int
    /// The preview's own width and height as stored (from its JPEG header).
    public var width, height: Int
    /// The RAW's EXIF orientation (the preview's own when the RAW names none), 1...8.
    public var orientation: Int
    /// DateTimeOriginal, read as UTC like every EXIF date.
    public var takenAt: Date?
    public var cameraMake, cameraModel: String?

    /// The largest preview worth extracting; larger ones are not previews.
    public static let maxLength = 64 << 20
    /// How many IFDs a walk visits at most, and how many entries of one it reads.
    static let maxIFDs = 32
    static let maxEntries = 1_000

    /// The largest decodable JPEG preview in the RAW behind `data`, with its EXIF; nil when
    /// there is none (or the bytes are not a RAW this reads).
    public static func find(in data: RawBytes) -> RawPreview? {
        guard let head = data.readUpTo(0, 64) else { return nil }
        if head.starts(with: Array("FUJIFILMCCD-RAW".utf8)) { return raf(data) }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) { return cr3(data) }
        guard let tiff = TIFFWalk(data) else { return nil }
        return preview(tiff.candidates, data, exif: tiff.exif)
    }

    /// The preview's JPEG bytes, when they are still there and still start with SOI.
    public func jpeg(in data: RawBytes) -> [UInt8]? {
        guard let bytes = data.read(offset, length, limit: Self.maxLength), bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        return bytes
    }

    /// For a file with TIFF's signature: `.dng` for a DNGVersion tag in IFD0, `.nef`, `.arw` or
    /// `.pef` for a Nikon, Sony, or Pentax/Ricoh maker; nil for anything else (a plain TIFF).
    static func tiffFamily(_ prefix: [UInt8]) -> ImageFormat? {
        guard let tiff = TIFFWalk(RawBytes(prefix), ifd0Only: true) else { return nil }
        if tiff.isDNG { return .dng }
        let make = (tiff.exif.make ?? "").uppercased()
        if make.hasPrefix("NIKON") { return .nef }
        if make.hasPrefix("SONY") { return .arw }
        if make.hasPrefix("PENTAX") || make.hasPrefix("RICOH") { return .pef }
        return nil
    }

    /// What a RAW says about itself, wherever in its structure it says it.
    struct Exif {
        var orientation: Int?
        var taken: String?
        /// `OffsetTimeOriginal`, the zone of `taken`.
        var offset: String?
        var make: String?
        var model: String?
    }

    /// The candidate with the most pixels whose bytes are a JPEG libjpeg-turbo decodes.
    static func preview(_ candidates: [(offset: Int, length: Int)], _ data: RawBytes, exif: Exif) -> RawPreview? {
        var best: (RawPreview, pixels: Int)?
        for candidate in candidates.prefix(maxIFDs * 2) {
            guard let (found, pixels) = check(candidate, data, exif: exif) else { continue }
            if let current = best, current.pixels > pixels || (current.pixels == pixels && current.0.length >= found.length) { continue }
            best = (found, pixels)
        }
        return best?.0
    }

    /// The candidate as a preview: inside the file, starting with SOI, a DCT frame whose header
    /// `JPEGHeader` reads.
    private static func check(_ candidate: (offset: Int, length: Int), _ data: RawBytes, exif: Exif) -> (RawPreview, Int)? {
        let (offset, length) = candidate
        guard offset > 0, length > 4, length <= maxLength, offset <= data.size, length <= data.size - offset,
              let header = data.read(offset, min(length, JPEGHeader.usefulPrefix)),
              header.starts(with: [0xFF, 0xD8]), isDCTFrame(header), let probe = JPEGHeader.probe(header) else { return nil }
        let (pixels, overflow) = probe.width.multipliedReportingOverflow(by: probe.height)
        guard !overflow else { return nil }
        let orientation = exif.orientation.flatMap { (1...8).contains($0) ? $0 : nil } ?? probe.orientation
        let found = RawPreview(
            offset: offset, length: length, width: probe.width, height: probe.height, orientation: orientation,
            takenAt: exif.taken.flatMap(ExifDate.parse) ?? probe.takenAt, cameraMake: exif.make ?? probe.cameraMake,
            cameraModel: exif.model ?? probe.cameraModel)
        return (found, pixels)
    }

    /// Whether the JPEG's frame is baseline, extended or progressive DCT: a lossless frame (SOF3,
    /// how CR2 and many DNGs store the sensor data itself) is no preview.
    static func isDCTFrame(_ jpeg: [UInt8]) -> Bool {
        var at = 2
        while at + 4 <= jpeg.count {
            guard jpeg[at] == 0xFF else { return false }
            let marker = jpeg[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { at += 2; continue }
            switch marker {
            case 0xC0, 0xC1, 0xC2: return true
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF, 0xD9, 0xDA: return false
            default: break
            }
            let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            guard length >= 2 else { return false }
            at += 2 + length
        }
        return false
    }

    /// An ASCII value trimmed of NULs and spaces; nil when empty.
    static func text(_ bytes: [UInt8]) -> String? {
        var bytes = bytes
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return nil }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
