/// Where IPTC says a picture was taken, blanked with spaces in place: in an IPTC-IIM block, the
/// values of the application record's place datasets (2:26 and 2:27 content location, 2:90 City,
/// 2:92 Sub-location, 2:95 Province-State, 2:100 and 2:101 the country); and in a Photoshop
/// image resource block (JPEG's APP13, TIFF's tag 34377) its IPTC (0x0404), XMP (0x0424) and
/// EXIF (0x0422) resources, its thumbnail zeroed. Pure and total: nil when a block does not
/// parse to its end.
enum IPTCPlaces {
    /// The datasets of record 2 that name a place.
    static let placeDatasets: Set<Int> = [26, 27, 90, 92, 95, 100, 101]
    /// The signatures Photoshop's resources may carry (exiftool reads each).
    static let signatures = ["8BIM", "PHUT", "AgHg", "DCSR", "MeSa"].map { Array($0.utf8) }

    /// The patches for the IPTC-IIM datasets in `range`: tag marker 0x1C, record, dataset, a
    /// 2-byte length and the value; trailing zero padding is allowed, anything else ends in nil.
    static func iim(_ data: JPEGHeader.Reader, _ range: Range<Int>) -> [GPSRedaction.Patch]? {
        var out: [GPSRedaction.Patch] = []
        var at = range.lowerBound
        while at < range.upperBound {
            if data[at] == 0 {
                // Padding to the end (TIFF stores IPTC as LONGs, so up to three bytes of it).
                for rest in at..<range.upperBound where data[rest] != 0 { return nil }
                return out
            }
            guard data[at] == 0x1C, at + 5 <= range.upperBound else { return nil }
            let record = Int(data[at + 1]), dataset = Int(data[at + 2])
            let length = data.u16(at + 3, bigEndian: true)
            // An extended length (the high bit) is used for large binary datasets only.
            guard length & 0x8000 == 0, length <= range.upperBound - at - 5 else { return nil }
            if record == 2, placeDatasets.contains(dataset), length > 0 {
                out.append(GPSRedaction.Patch(offset: at + 5, bytes: [UInt8](repeating: 0x20, count: length)))
            }
            at += 5 + length
        }
        return out
    }

    /// The patches for a Photoshop image resource block in `range`: resources of a signature,
    /// a 2-byte id, a Pascal name padded to an even length, a 4-byte size and the data padded
    /// likewise; nil when it does not hold together to its end.
    static func photoshop(_ data: JPEGHeader.Reader, _ range: Range<Int>, depth: Int = 0) -> [GPSRedaction.Patch]? {
        var out: [GPSRedaction.Patch] = []
        var at = range.lowerBound
        while at < range.upperBound {
            // Some writers pad the block's end with zeros.
            if data[at] == 0 {
                for rest in at..<range.upperBound where data[rest] != 0 { return nil }
                return out
            }
            guard signatures.contains(where: { data.starts(with: $0, at: at) }),
                  let (id, body, next) = JPEGHeader.photoshopResource(data, at: at, in: range) else { return nil }
            switch id {
            case 0x0404:
                guard let found = iim(data, body) else { return nil }
                out += found
            case 0x0422 where !body.isEmpty:
                guard depth < 4, let found = exif(data, body, depth: depth) else { return nil }
                out += found
            case 0x0409, 0x040C:
                // Photoshop's thumbnail (a JPEG after a header): its own metadata is not read here.
                if !body.isEmpty { out.append(GPSRedaction.Patch(offset: body.lowerBound, bytes: [UInt8](repeating: 0, count: body.count))) }
            case 0x0424:
                guard let found = XMPPlaces.patches(data, packet: body) else { return nil }
                out += found
            default:
                break
            }
            at = min(range.upperBound, next)
        }
        return out
    }

    /// Photoshop's EXIF resource: a TIFF, sometimes after JPEG's "Exif\0\0".
    private static func exif(_ data: JPEGHeader.Reader, _ body: Range<Int>, depth: Int) -> [GPSRedaction.Patch]? {
        let signature = Array("Exif\0\0".utf8)
        let tiff = data.after(signature, in: body) ?? body
        return TIFFPlaces.patches(data, tiff: tiff, depth: depth + 1)
    }
}
