/// Where a PNG says it was taken, overwritten in place: its chunks walked from the signature to
/// IEND; `eXIf` has its GPS IFDs emptied and an uncompressed XMP `iTXt` its place values
/// blanked, each with its CRC written anew; a chunk that could hold a place in a form not read
/// here (compressed text, ImageMagick's hex "Raw profile type …", any ancillary chunk not known
/// to be about rendering) is neutralized: renamed to `plAc` (ancillary, private: every decoder
/// passes over it), its data zeroed, its CRC written anew. Pure and total: nil when the chunks
/// do not hold together to IEND (and only zeros after it).
enum PNGPlaces {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Chunks about the picture and how to show it, kept as they are.
    private static let kept: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD", "hIST", "pHYs", "sPLT", "tIME",
        "acTL", "fcTL", "fdAT", "cICP", "mDCv", "cLLi",
    ]
    /// The type a neutralized chunk takes: no reader knows it, and its lowercase first letter says it may be skipped.
    static let neutral = Array("plAc".utf8)
    private static let xmpKeyword = Array("XML:com.adobe.xmp".utf8) + [0]

    /// The patches for a PNG in `data`.
    static func patches(_ data: JPEGHeader.Reader) -> [GPSRedaction.Patch]? {
        guard data.starts(with: signature, at: 0) else { return nil }
        var out: [GPSRedaction.Patch] = []
        var at = 8
        for _ in 0..<100_000 {
            guard at <= data.count - 12 else { return nil }
            let length = data.u32(at, bigEndian: true)
            guard length <= data.count - at - 12 else { return nil }
            let typeBytes = data.slice(at + 4..<at + 8)
            let type = String(decoding: typeBytes, as: UTF8.self)
            let body = at + 8..<at + 8 + length
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
            if type == "IEND" {
                // Zeros may pad a file; anything else after IEND is something no reader here knows.
                for rest in body.upperBound + 4..<data.count where data[rest] != 0 { return nil }
                return out
            }
            if !kept.contains(type) {
                // A critical chunk not known (an uppercase first letter): its decoder would need it.
                guard typeBytes[0] & 0x20 != 0 else { return nil }
                guard let found = chunk(data, type: type, at: at, body: body) else { return nil }
                out += found
            }
            at = body.upperBound + 4
        }
        return nil
    }

    /// The patches for one ancillary chunk: cleaned when it is read here, else neutralized.
    private static func chunk(_ data: JPEGHeader.Reader, type: String, at: Int, body: Range<Int>) -> [GPSRedaction.Patch]? {
        var found: [GPSRedaction.Patch]?
        switch type {
        case "eXIf":
            found = TIFFPlaces.patches(data, tiff: data.after(Array("Exif\0\0".utf8), in: body) ?? body)
        case "iTXt":
            found = itxt(data, body)
        case "tEXt":
            // Plain text under a keyword: a place when the keyword names one (ImageMagick writes
            // its properties so: "photoshop:City", "exif:GPSLatitude"), and raw profiles hold EXIF.
            let keyword = data.slice(body.lowerBound..<(body.first { data[$0] == 0 } ?? body.upperBound))
            found = keyword.starts(with: Array("Raw profile type".utf8)) || keyword + [0] == xmpKeyword || XMPPlaces.isPlace(keyword) ? nil : []
        default:
            found = nil
        }
        guard let patches = found else { return neutralized(data, at: at, body: body) }
        return patches.isEmpty ? [] : patches + [crc(data, at: at, body: body, patches: patches)]
    }

    /// An `iTXt`: keyword, compression flag and method, language tag and translated keyword, then
    /// text. XMP uncompressed is cleaned; compressed text or a raw profile is not read (nil).
    private static func itxt(_ data: JPEGHeader.Reader, _ body: Range<Int>) -> [GPSRedaction.Patch]? {
        guard let keywordEnd = body.first(where: { data[$0] == 0 }), keywordEnd + 2 < body.upperBound, data[keywordEnd + 1] == 0 else { return nil }
        let keyword = data.slice(body.lowerBound..<keywordEnd)
        guard !keyword.starts(with: Array("Raw profile type".utf8)), !XMPPlaces.isPlace(keyword) else { return nil }
        var start = keywordEnd + 3
        for _ in 0..<2 {
            guard let end = (start..<body.upperBound).first(where: { data[$0] == 0 }) else { return nil }
            start = end + 1
        }
        return keyword + [0] == xmpKeyword ? XMPPlaces.patches(data, packet: start..<body.upperBound) : []
    }

    /// A chunk renamed to `plAc`, its data zeroed, and its CRC the new one's.
    private static func neutralized(_ data: JPEGHeader.Reader, at: Int, body: Range<Int>) -> [GPSRedaction.Patch] {
        var patches = [GPSRedaction.Patch(offset: at + 4, bytes: neutral)]
        if !body.isEmpty { patches.append(GPSRedaction.Patch(offset: body.lowerBound, bytes: [UInt8](repeating: 0, count: body.count))) }
        return patches + [crc(data, at: at, body: body, patches: patches)]
    }

    /// The CRC-32 of a chunk's type and data once `patches` are written, as a patch over its CRC.
    private static func crc(_ data: JPEGHeader.Reader, at: Int, body: Range<Int>, patches: [GPSRedaction.Patch]) -> GPSRedaction.Patch {
        var bytes = data.slice(at + 4..<body.upperBound)
        GPSRedaction.apply(patches, to: &bytes, at: at + 4)
        let value = CRC32.of(bytes)
        return GPSRedaction.Patch(offset: body.upperBound, bytes: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
    }
}
