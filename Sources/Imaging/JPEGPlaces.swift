/// Where a whole JPEG says it was taken, found and overwritten in place: every marker segment
/// before the first scan and between scans (a progressive JPEG has many) is read, the
/// entropy-coded data is passed over (stuffed 0xFF00, restart markers, fill bytes) to EOI, and
/// what follows EOI must be understood too: nothing (or zeros), another JPEG (an Ultra HDR gain
/// map, an MPF image: cleaned the same way) or an ISO-BMFF clip starting with `ftyp` (a motion
/// photo's, cleaned as a video). In the segments: EXIF's GPS IFDs emptied (`TIFFPlaces`), XMP's
/// place values blanked (`XMPPlaces`), ExtendedXMP blanked whole (a chunk may cut a name in two),
/// IPTC's place datasets blanked (`IPTCPlaces`), and an application segment of no known kind
/// zeroed (exiftool reads many, and C2PA's JUMBF may hold EXIF). Pure and total: nil when any of
/// it does not hold.
enum JPEGPlaces {
    /// How many JPEGs may follow one another in a file (a primary, a gain map, MPF images).
    static let maxImages = 8

    private static let exif = Array("Exif\0".utf8)
    private static let xmp = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    private static let extendedXMP = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    private static let photoshop = Array("Photoshop 3.0\0".utf8)
    /// Application segments kept as they are: they say how to show the picture and nothing of where.
    private static let kept: [UInt8: [[UInt8]]] = [
        // JFXX's thumbnail could be a JPEG with metadata of its own: not kept.
        0xE0: [Array("JFIF\0".utf8)],
        0xE2: ["ICC_PROFILE\0", "MPF\0", "urn:iso:std:iso:ts:21496:-1\0"].map { Array($0.utf8) },
        0xEE: [Array("Adobe".utf8)],
    ]

    /// The patches for the JPEG that starts at `range`'s start and runs, with what follows it, to its end.
    /// `depth` counts the TIFF structures this JPEG lies in (a thumbnail's, in EXIF).
    static func patches(_ data: JPEGHeader.Reader, _ range: Range<Int>, image: Int = 0, depth: Int = 0) -> [GPSRedaction.Patch]? {
        let end = range.upperBound
        guard image < maxImages, range.lowerBound >= 0, end <= data.count, range.count >= 4,
              data[range.lowerBound] == 0xFF, data[range.lowerBound + 1] == 0xD8 else { return nil }
        var out: [GPSRedaction.Patch] = []
        var at = range.lowerBound + 2
        var scanning = false
        for _ in 0..<100_000 {
            if scanning {
                // Entropy-coded data: a 0xFF is a marker unless 0x00 (stuffing), RSTn or 0xFF (fill) follows.
                while at + 1 < end {
                    guard data[at] == 0xFF else { at += 1; continue }
                    let next = data[at + 1]
                    if next == 0x00 || (0xD0...0xD7).contains(next) { at += 2 } else if next == 0xFF { at += 1 } else { break }
                }
                scanning = false
            }
            guard at + 1 < end, data[at] == 0xFF else { return nil }
            var marker = data[at + 1]
            while marker == 0xFF {
                at += 1
                guard at + 1 < end else { return nil }
                marker = data[at + 1]
            }
            at += 2
            if marker == 0xD9 { return trailer(data, at..<end, image: image, depth: depth).map { out + $0 } }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            guard at + 2 <= end else { return nil }
            let length = data.u16(at, bigEndian: true)
            guard length >= 2, length <= end - at else { return nil }
            let body = at + 2..<at + length
            switch marker {
            case 0xDA: scanning = true
            // Frames, tables, DNL, DRI, DHP, EXP: numbers for the decoder.
            case 0xC0...0xC7, 0xC9...0xCF, 0xDB...0xDF: break
            case 0xE0...0xEF, 0xFE:
                guard let found = segment(data, marker, body, depth: depth) else { return nil }
                out += found
            default: return nil
            }
            at += length
        }
        return nil
    }

    /// An APPn or COM segment's patches.
    private static func segment(_ data: JPEGHeader.Reader, _ marker: UInt8, _ body: Range<Int>, depth: Int) -> [GPSRedaction.Patch]? {
        if kept[marker]?.contains(where: { data.starts(with: $0, at: body.lowerBound) && $0.count <= body.count }) == true { return [] }
        switch marker {
        case 0xE1 where body.count >= 6 && data.starts(with: exif, at: body.lowerBound):
            return TIFFPlaces.patches(data, tiff: body.lowerBound + 6..<body.upperBound, depth: depth)
        case 0xE1 where data.after(extendedXMP, in: body) != nil:
            // The signature, a GUID, the full length and this chunk's offset, then the chunk: all blanked.
            return [blank(body.lowerBound + extendedXMP.count..<body.upperBound, with: 0x20)]
        case 0xE1 where data.after(xmp, in: body) != nil:
            return XMPPlaces.patches(data, packet: body.lowerBound + xmp.count..<body.upperBound)
        case 0xED where data.after(photoshop, in: body) != nil:
            return IPTCPlaces.photoshop(data, body.lowerBound + photoshop.count..<body.upperBound, depth: depth)
        case 0xFE:
            // A comment is the maker's words; one that holds an XMP packet is read as one.
            guard let start = packetStart(data, body) else { return [] }
            return XMPPlaces.patches(data, packet: start..<body.upperBound)
        default:
            return body.isEmpty ? [] : [blank(body, with: 0)]
        }
    }

    /// Where an XMP packet starts in a segment that holds one (`<?xpacket` or `<x:xmpmeta`).
    private static func packetStart(_ data: JPEGHeader.Reader, _ body: Range<Int>) -> Int? {
        let marks = ["<?xpacket", "<x:xmpmeta", "<rdf:RDF"].map { Array($0.utf8) }
        return body.first { at in marks.contains { data.starts(with: $0, at: at) && at + $0.count <= body.upperBound } }
    }

    /// What follows EOI: nothing or zeros, another JPEG, or a motion photo's clip.
    private static func trailer(_ data: JPEGHeader.Reader, _ range: Range<Int>, image: Int, depth: Int) -> [GPSRedaction.Patch]? {
        guard let start = range.first(where: { data[$0] != 0 }) else { return [] }
        if data[start] == 0xFF, data[start + 1] == 0xD8 { return patches(data, start..<range.upperBound, image: image + 1, depth: depth) }
        // A box's size starts with zeros too: the clip starts up to three bytes before the first other byte.
        guard let clipStart = (max(range.lowerBound, start - 3)...start).first(where: { data.starts(with: Array("ftyp".utf8), at: $0 + 4) }),
              range.upperBound - clipStart >= 8 else { return nil }
        let clip = data.slice(clipStart..<range.upperBound)
        return VideoPlaceRedaction.patches(file: clip)?.map { GPSRedaction.Patch(offset: $0.offset + clipStart, bytes: $0.bytes) }
    }

    private static func blank(_ range: Range<Int>, with byte: UInt8) -> GPSRedaction.Patch {
        GPSRedaction.Patch(offset: range.lowerBound, bytes: [UInt8](repeating: byte, count: range.count))
    }
}
