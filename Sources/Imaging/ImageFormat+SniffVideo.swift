/// Video containers by their first bytes: an ISO-BMFF `ftyp` box (MP4, MOV, M4V, 3GP), an EBML
/// header naming its document type (WebM, Matroska) or a RIFF `AVI ` chunk. Total: every index is
/// checked against the bytes at hand, whatever sizes they claim.
extension ImageFormat {
    /// The video format `bytes` (a file's leading bytes) start with; nil when none.
    static func sniffVideo(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("AVI ".utf8) {
            return .avi
        }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            switch ebmlDocType(bytes) {
            case "webm": return .webm
            case "matroska": return .mkv
            default: return nil
            }
        }
        guard bytes.count >= 8 else { return nil }
        let boxType = String(decoding: bytes[4..<8], as: UTF8.self)
        // QuickTime files older than the ftyp box open with one of these atoms.
        if ["moov", "mdat", "wide"].contains(boxType) { return .mov }
        guard boxType == "ftyp", bytes.count >= 12 else { return nil }
        return videoBrand(String(decoding: bytes[8..<12], as: UTF8.self))
    }

    /// The container an ISO-BMFF major brand names; nil for stills (AVIF, HEIF) and audio-only brands.
    private static func videoBrand(_ brand: String) -> ImageFormat? {
        if brand == "qt  " { return .mov }
        if brand.hasPrefix("M4V") { return .m4v }
        if brand.hasPrefix("3gp") || brand.hasPrefix("3g2") || brand.hasPrefix("3gg") { return .threeGP }
        let mp4Brands: Set<String> = [
            "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "MSNV", "NDAS", "f4v ", "mmp4",
        ]
        return mp4Brands.contains(brand) ? .mp4 : nil
    }

    /// The `DocType` (ID 0x4282) inside the EBML header that opens `bytes`; nil when the header
    /// is malformed, does not name one, or runs past the bytes at hand.
    static func ebmlDocType(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]),
              let headerSize = ebmlVarInt(bytes, at: 4, keepMarker: false)
        else { return nil }
        var offset = 4 + headerSize.length
        let end = headerSize.value.map { min(bytes.count, offset + min($0, 4096)) } ?? bytes.count
        while offset < end {
            guard let id = ebmlVarInt(bytes, at: offset, keepMarker: true),
                  let size = ebmlVarInt(bytes, at: offset + id.length, keepMarker: false),
                  let length = size.value
            else { return nil }
            let start = offset + id.length + size.length
            guard length <= end - start else { return nil }
            if id.value == 0x4282 {
                let text = bytes[start..<start + length].prefix { $0 != 0 }
                guard text.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
                return String(decoding: text, as: UTF8.self)
            }
            offset = start + length
        }
        return nil
    }

    /// An EBML variable-length integer at `offset`: its value (nil for the reserved "unknown"
    /// size, all ones) and how many bytes it takes (1 to 8). IDs keep their length marker.
    private static func ebmlVarInt(_ bytes: [UInt8], at offset: Int, keepMarker: Bool) -> (value: Int?, length: Int)? {
        guard offset >= 0, offset < bytes.count, bytes[offset] != 0 else { return nil }
        let first = bytes[offset]
        let length = first.leadingZeroBitCount + 1
        guard length <= 8, length <= bytes.count - offset else { return nil }
        var value = UInt64(keepMarker ? first : first & (0xFF >> length))
        var allOnes = value == UInt64(0xFF >> length)
        for byte in bytes[offset + 1..<offset + length] {
            value = value << 8 | UInt64(byte)
            allOnes = allOnes && byte == 0xFF
        }
        if !keepMarker && allOnes { return (nil, length) }
        // Sizes beyond what any header here holds are refused rather than converted.
        guard value <= UInt64(Int32.max) else { return nil }
        return (Int(value), length)
    }
}
