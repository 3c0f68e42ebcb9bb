import Foundation

/// The EXIF that PNG keeps in an `eXIf` chunk, WebP in an `EXIF` chunk and HEIF (HEIC, AVIF) in
/// an `Exif` item, which ImageMagick 6 does not read, or not wherever it is: found by walking the
/// container's chunk headers or boxes (a read of eight bytes each, wherever the chunk is: exiftool
/// puts PNG's after the pixels, and a phone may put the HEIF item after the picture), then read
/// as a JPEG's EXIF is (`JPEGHeader.Exif`). Total: any bytes give fields or nil, through
/// `RawBytes`' checked reads.
enum ContainerExif {
    /// The most chunks walked before giving up: far more than any real file has before its EXIF.
    static let maxChunks = 4_096

    /// The EXIF fields of a PNG or WebP, or nil when it has none that can be read.
    static func read(_ data: RawBytes, format: ImageFormat) -> JPEGHeader.Exif? {
        let block: [UInt8]?
        switch format {
        case .png: block = pngBlock(data)
        case .webp: block = webpBlock(data)
        case .heic, .avif: block = heifBlock(data)
        default: return nil
        }
        guard let bytes = block else { return nil }
        let exif = fields(bytes)
        return exif.orientation == nil && exif.make == nil && exif.model == nil && exif.taken == nil && exif.location == nil ? nil : exif
    }

    /// The fields of an EXIF block: a TIFF, or a TIFF after JPEG's APP1 signature (as some
    /// writers start a chunk, and as ImageMagick hands out a picture's EXIF profile).
    static func fields(_ block: [UInt8]) -> JPEGHeader.Exif {
        var bytes = block
        if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes.removeFirst(6) }
        return bytes.withUnsafeBufferPointer { JPEGHeader.Exif.read(JPEGHeader.Reader(bytes: $0), tiff: 0..<$0.count) }
    }

    /// The XMP packet PNG keeps in an uncompressed `iTXt` chunk named "XML:com.adobe.xmp" and
    /// WebP in its `XMP ` chunk (ImageMagick 6 reads neither as a profile), or nil.
    static func xmp(_ data: RawBytes, format: ImageFormat) -> [UInt8]? {
        switch format {
        case .png: pngXMP(data)
        case .webp: webpChunk(data, "XMP ")
        default: nil
        }
    }

    private static func pngXMP(_ data: RawBytes) -> [UInt8]? {
        let keyword = Array("XML:com.adobe.xmp".utf8) + [0]
        return pngChunk(data) { type, at, length -> [UInt8]?? in
            guard type == "iTXt", length > keyword.count + 2, let text = data.read(at, length), text.starts(with: keyword),
                  text[keyword.count] == 0 else { return nil }
            // keyword, compression flag 0 (and method), then a language tag and a translated keyword, each ended by NUL
            var start = keyword.count + 2
            for _ in 0..<2 {
                guard let end = text[start...].firstIndex(of: 0) else { return .some(nil) }
                start = end + 1
            }
            return .some(Array(text[start...]))
        }
    }

    /// PNG: the signature, then chunks of a 4-byte big-endian length, a 4-byte type, the data and a CRC.
    private static func pngBlock(_ data: RawBytes) -> [UInt8]? {
        pngChunk(data) { type, at, length in type == "eXIf" ? .some(data.read(at, length)) : nil }
    }

    /// Walks PNG's chunks up to `IEND`, handing each one's type and where its data is to `visit`,
    /// until `visit` answers (`.some`, even of nil); nil when none did.
    private static func pngChunk(_ data: RawBytes, _ visit: (_ type: String, _ at: Int, _ length: Int) -> [UInt8]??) -> [UInt8]? {
        guard data.read(0, 8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var at = 8
        for _ in 0..<maxChunks {
            guard let header = data.read(at, 8) else { return nil }
            let length = RawFields(bytes: header, bigEndian: true).u32(0)
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if let answer = visit(type, at + 8, length) { return answer }
            if type == "IEND" { return nil }
            guard length <= data.size else { return nil }
            at += 12 + length
        }
        return nil
    }

    /// WebP: "RIFF", a size, "WEBP", then chunks of a fourcc, a 4-byte little-endian size and the
    /// data, padded to an even length.
    private static func webpBlock(_ data: RawBytes) -> [UInt8]? { webpChunk(data, "EXIF") }

    private static func webpChunk(_ data: RawBytes, _ fourcc: String) -> [UInt8]? {
        guard let head = data.read(0, 12), head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) else { return nil }
        var at = 12
        for _ in 0..<maxChunks {
            guard let header = data.read(at, 8) else { return nil }
            let size = RawFields(bytes: header, bigEndian: false).u32(4)
            if Array(header[0..<4]) == Array(fourcc.utf8) { return data.read(at + 8, size) }
            guard size <= data.size else { return nil }
            at += 8 + size + (size & 1)
        }
        return nil
    }

    /// HEIF: the `meta` box's item list (`iinf`) names the `Exif` item, and its location list
    /// (`iloc`) says where its bytes are: in the file (construction method 0, from the item's base
    /// offset) or in the `meta` box's own `idat` (method 1). The item starts with a 4-byte offset
    /// to its TIFF header.
    private static func heifBlock(_ data: RawBytes) -> [UInt8]? {
        let top = RawPreview.boxes(data, from: 0, to: data.size)
        guard top.first?.type == "ftyp", let meta = top.first(where: { $0.type == "meta" }) else { return nil }
        // `meta` is a full box: a version and flags before its children.
        let children = RawPreview.boxes(data, from: meta.start + 4, to: meta.end)
        guard let iinf = children.first(where: { $0.type == "iinf" }), let iloc = children.first(where: { $0.type == "iloc" }),
              let item = exifItem(data, iinf),
              let table = data.read(iloc.start, min(iloc.end - iloc.start, RawBytes.maxRead)),
              let place = HEIFLocations.find(item, in: table) else { return nil }
        var base = 0
        switch place.method {
        case 0: break
        case 1:
            guard let idat = children.first(where: { $0.type == "idat" }) else { return nil }
            base = idat.start
        default: return nil
        }
        var bytes: [UInt8] = []
        for extent in place.extents {
            let (start, overflow) = base.addingReportingOverflow(extent.offset)
            guard !overflow, start <= data.size else { return nil }
            // A length of 0 is the rest of the file.
            let length = extent.length == 0 ? min(data.size - start, RawBytes.maxRead - bytes.count) : extent.length
            guard let piece = data.read(start, length, limit: RawBytes.maxRead - bytes.count) else { return nil }
            bytes += piece
        }
        guard bytes.count >= 4 else { return nil }
        let header = RawFields(bytes: bytes, bigEndian: true).u32(0)
        guard header <= bytes.count - 4 else { return nil }
        return Array(bytes[(4 + header)...])
    }

    /// The id of the item of type `Exif` in an `iinf` box (its `infe` entries of version 2 or 3).
    private static func exifItem(_ data: RawBytes, _ iinf: RawPreview.Box) -> Int? {
        guard let head = data.read(iinf.start, 4) else { return nil }
        let entries = iinf.start + 4 + (head[0] == 0 ? 2 : 4)
        for infe in RawPreview.boxes(data, from: entries, to: iinf.end, limit: maxChunks) where infe.type == "infe" {
            guard let bytes = data.read(infe.start, min(infe.end - infe.start, 16)), bytes.count >= 12 else { continue }
            let fields = RawFields(bytes: bytes, bigEndian: true)
            switch bytes[0] {
            case 2 where Array(bytes[8..<12]) == Array("Exif".utf8): return fields.u16(4)
            case 3 where bytes.count >= 14 && Array(bytes[10..<14]) == Array("Exif".utf8): return fields.u32(4)
            default: continue
            }
        }
        return nil
    }
}

/// An `iloc` box's payload, read for one item: how its bytes are found and where they are.
/// Every field is read through a bounds-checked cursor, so a table that lies ends the read.
struct HEIFLocations {
    struct Place: Equatable {
        var method: Int
        var extents: [(offset: Int, length: Int)]
        static func == (a: Place, b: Place) -> Bool {
            a.method == b.method && a.extents.map(\.offset) == b.extents.map(\.offset) && a.extents.map(\.length) == b.extents.map(\.length)
        }
    }

    /// The most items and extents read: far more than a phone's picture of 48 tiles has.
    static let maxItems = 4_096

    private var bytes: [UInt8]
    private var at = 0

    private mutating func number(_ size: Int) -> Int? {
        guard size >= 0, size <= 8, at <= bytes.count - size else { return nil }
        var value = 0
        for byte in bytes[at..<at + size] {
            guard value < Int.max >> 8 else { return nil }
            value = value << 8 | Int(byte)
        }
        at += size
        return value
    }

    /// Where `item`'s bytes are, from the payload of an `iloc` box (version and flags first).
    static func find(_ item: Int, in payload: [UInt8]) -> Place? {
        var table = HEIFLocations(bytes: payload)
        guard let version = table.number(1), version <= 2, table.number(3) != nil,
              let sizes = table.number(1), let more = table.number(1) else { return nil }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version == 0 ? 0 : more & 15
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }),
              let count = table.number(version < 2 ? 2 : 4) else { return nil }
        for _ in 0..<min(count, maxItems) {
            guard let id = table.number(version < 2 ? 2 : 4) else { return nil }
            var method = 0
            if version >= 1 {
                guard let field = table.number(2) else { return nil }
                method = field & 15
            }
            guard table.number(2) != nil, let base = table.number(baseSize), let extentCount = table.number(2) else { return nil }
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<min(extentCount, maxItems) {
                guard table.number(indexSize) != nil, let offset = table.number(offsetSize), let length = table.number(lengthSize) else { return nil }
                let (start, overflow) = base.addingReportingOverflow(offset)
                guard !overflow else { return nil }
                extents.append((start, length))
            }
            if id == item { return Place(method: method, extents: extents) }
        }
        return nil
    }
}
