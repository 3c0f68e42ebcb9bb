import Foundation

extension ImageFormat {
    /// How many leading bytes `sniff(fileAt:)` reads; enough for every signature and an ftyp box.
    static let sniffLength = 64

    /// Recognises a format from the first bytes of a file (at least 32 bytes when the file has them); nil if not an image
    /// or video we accept.
    public static func sniff<C: Collection>(_ header: C) -> ImageFormat? where C.Element == UInt8 {
        let bytes = Array(header.prefix(sniffLength))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if let raw = sniffRaw(bytes) { return raw }
        if isTIFF(bytes) { return .tiff }
        let brands = ftypBrands(bytes)
        if brands.contains("crx ") { return .cr3 }
        if !heicBrands.isDisjoint(with: brands) { return .heic }
        if !avifBrands.isDisjoint(with: brands) { return .avif }
        return sniffVideo(bytes)
    }

    /// Classic little- or big-endian TIFF. DNG, NEF, ARW and PEF share the signature: `sniff(prefix:)` tells them apart.
    private static func isTIFF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) || isBigTIFF(bytes)
    }

    /// BigTIFF (version 43, 8-byte offsets: scanners, microscopes, large panoramas); ImageMagick's
    /// TIFF coder reads it. No RAW is a BigTIFF.
    private static func isBigTIFF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2B, 0x00, 0x08, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2B, 0x00, 0x08])
    }

    /// The RAW formats whose first bytes name them: Fujifilm's RAF, Olympus ORF, Panasonic RW2 and
    /// Canon's CR2 (a TIFF with "CR" at byte 8).
    private static func sniffRaw(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: Array("FUJIFILMCCD-RAW".utf8)) { return .raf }
        if bytes.starts(with: Array("IIRO".utf8)) || bytes.starts(with: Array("IIRS".utf8)) || bytes.starts(with: Array("MMOR".utf8)) {
            return .orf
        }
        if bytes.starts(with: [0x49, 0x49, 0x55, 0x00]) { return .rw2 }
        if isTIFF(bytes), bytes.count >= 10, bytes[8] == 0x43, bytes[9] == 0x52 { return .cr2 }  // "CR"
        return nil
    }

    /// How many leading bytes `sniff(prefix:)` looks at to tell a TIFF-based RAW from a TIFF.
    public static let rawPrefixLength = 64 * 1024

    /// Sniffs the file's first bytes, then reads a TIFF's first IFD (within the first
    /// `rawPrefixLength` bytes) for what says it is a RAW: a DNGVersion tag, or a Nikon, Sony or
    /// Pentax maker. A TIFF whose IFD lies further in stays a TIFF.
    public static func sniff(prefix: some Collection<UInt8>) -> ImageFormat? {
        guard let format = sniff(prefix.prefix(sniffLength)) else { return nil }
        guard format == .tiff else { return format }
        return RawPreview.tiffFamily(Array(prefix.prefix(rawPrefixLength))) ?? .tiff
    }

    /// HEVC stills.
    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    /// AV1 stills and their sequences: the same box as HEIC, other brands.
    private static let avifBrands: Set<String> = ["avif", "avis"]

    /// The major and compatible brands of an ISO-BMFF `ftyp` box at the start, none when there is no such box.
    private static func ftypBrands(_ bytes: [UInt8]) -> Set<String> {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return [] }
        let boxSize = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(max(boxSize, 12), bytes.count)
        var brands: Set<String> = []
        // Brands sit at 8 (major), then 16, 20, … (compatible); 12..<16 is the minor version.
        var offset = 8
        while offset + 4 <= end {
            if offset != 12, let brand = String(bytes: bytes[offset..<offset + 4], encoding: .ascii) { brands.insert(brand) }
            offset += 4
        }
        return brands
    }
}
