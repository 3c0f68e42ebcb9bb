/// Where a HEIF picture (HEIC, AVIF) says it was taken, overwritten in place: the `meta` box's
/// items are listed (`iinf`) and located (`iloc`, through `HEIFLocations`); the `Exif` item has
/// its GPS IFDs emptied and an XMP item (`mime`, `application/rdf+xml`) its place values
/// blanked. Items of picture kinds are kept; any other item, a top-level box not known, an item
/// whose bytes are in several pieces or found another way than by offset is nil, as is an image
/// sequence (`moov`). Pure and total.
enum HEIFPlaces {
    /// Item types that are pictures or how to put them together.
    private static let pictures: Set<String> = ["hvc1", "hvt1", "av01", "grid", "iden", "iovl", "tmap", "jpeg", "unci", "avc1"]
    private static let metaChildren: Set<String> = ["hdlr", "pitm", "iloc", "iinf", "iprp", "iref", "idat", "dinf", "grpl"]

    /// A box: its type and where its body (after its header) lies.
    struct Box { var type: String; var body: Range<Int> }

    /// The boxes laid end to end in `range`, or nil when they do not fill it.
    static func boxes(_ data: JPEGHeader.Reader, _ range: Range<Int>) -> [Box]? {
        var found: [Box] = []
        var at = range.lowerBound
        while at < range.upperBound {
            guard found.count < 10_000, at <= range.upperBound - 8 else { return nil }
            var size = data.u32(at, bigEndian: true), header = 8
            if size == 1 {
                guard at <= range.upperBound - 16, data.u32(at + 8, bigEndian: true) == 0 else { return nil }
                (size, header) = (data.u32(at + 12, bigEndian: true), 16)
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header, size <= range.upperBound - at else { return nil }
            found.append(Box(type: String(decoding: data.slice(at + 4..<at + 8), as: UTF8.self), body: at + header..<at + size))
            at += size
        }
        return found
    }

    /// The patches for a HEIF file in `data`.
    static func patches(_ data: JPEGHeader.Reader) -> [GPSRedaction.Patch]? {
        guard let top = boxes(data, 0..<data.count), top.first?.type == "ftyp" else { return nil }
        var out: [GPSRedaction.Patch] = []
        var metas = 0
        for box in top {
            switch box.type {
            case "ftyp", "mdat", "free", "skip": continue
            case "meta":
                metas += 1
                guard metas == 1, let found = meta(data, box.body) else { return nil }
                out += found
            case "uuid":
                guard box.body.count >= 16, data.starts(with: VideoPlaceRedaction.xmpUUID, at: box.body.lowerBound),
                      let found = XMPPlaces.patches(data, packet: box.body.lowerBound + 16..<box.body.upperBound) else { return nil }
                out += found
            default:
                return nil
            }
        }
        return out
    }

    /// The `meta` box (a full box): its items read for EXIF and XMP.
    private static func meta(_ data: JPEGHeader.Reader, _ body: Range<Int>) -> [GPSRedaction.Patch]? {
        guard body.count >= 4, let children = boxes(data, body.lowerBound + 4..<body.upperBound),
              children.allSatisfy({ metaChildren.contains($0.type) }),
              let iinf = children.first(where: { $0.type == "iinf" }), let items = items(data, iinf.body) else { return nil }
        let idat = children.first { $0.type == "idat" }?.body
        var out: [GPSRedaction.Patch] = []
        for (id, kind) in items where kind != .picture {
            guard let iloc = children.first(where: { $0.type == "iloc" }),
                  let place = HEIFLocations.find(id, in: data.slice(iloc.body)), place.extents.count == 1 else { return nil }
            let extent = place.extents[0]
            var base = 0
            switch place.method {
            case 0: break
            case 1:
                guard let idat else { return nil }
                base = idat.lowerBound
            default: return nil
            }
            let (start, overflow) = base.addingReportingOverflow(extent.offset)
            let limit = place.method == 1 ? idat?.upperBound ?? 0 : data.count
            guard !overflow, start >= 0, start <= limit else { return nil }
            let length = extent.length == 0 ? limit - start : extent.length
            guard length <= limit - start else { return nil }
            let item = start..<start + length
            switch kind {
            case .exif:
                // A 4-byte offset to the TIFF header, then (after any "Exif\0\0") the TIFF.
                guard item.count >= 4 else { return nil }
                let skip = data.u32(item.lowerBound, bigEndian: true)
                guard skip <= item.count - 4, let found = TIFFPlaces.patches(data, tiff: item.lowerBound + 4 + skip..<item.upperBound) else { return nil }
                out += found
            default:
                guard let found = XMPPlaces.patches(data, packet: item) else { return nil }
                out += found
            }
        }
        return out
    }

    /// What an item is to the walk: a picture (kept), EXIF or XMP (cleaned).
    enum Kind { case picture, exif, xmp }

    /// The items `iinf` lists (its `infe` entries of version 2 or 3), each id with its kind;
    /// nil when one is of a kind not known.
    private static func items(_ data: JPEGHeader.Reader, _ body: Range<Int>) -> [(Int, Kind)]? {
        guard body.count >= 6 else { return nil }
        let wide = data[body.lowerBound] != 0
        guard let entries = boxes(data, body.lowerBound + (wide ? 8 : 6)..<body.upperBound) else { return nil }
        var found: [(Int, Kind)] = []
        for infe in entries {
            let at = infe.body.lowerBound
            guard infe.type == "infe", infe.body.count >= 12 else { return nil }
            let version = data[at]
            guard version == 2 || version == 3 else { return nil }
            let id = version == 2 ? data.u16(at + 4, bigEndian: true) : data.u32(at + 4, bigEndian: true)
            let typeAt = at + (version == 2 ? 8 : 10)
            guard typeAt + 4 <= infe.body.upperBound else { return nil }
            let type = String(decoding: data.slice(typeAt..<typeAt + 4), as: UTF8.self)
            if pictures.contains(type) {
                found.append((id, .picture))
            } else if type == "Exif" {
                found.append((id, .exif))
            } else if type == "mime" {
                // The item's name, then its content type, each ended by NUL.
                let fields = data.slice(typeAt + 4..<infe.body.upperBound).split(separator: 0, omittingEmptySubsequences: false)
                guard fields.count >= 2, String(decoding: fields[1], as: UTF8.self) == "application/rdf+xml" else { return nil }
                found.append((id, .xmp))
            } else {
                return nil
            }
        }
        return found
    }
}
