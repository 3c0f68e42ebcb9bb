import Foundation

extension RawPreview {
    /// Fujifilm's RAF: a big-endian header whose bytes 84 and 88 hold the JPEG preview's offset and
    /// length. The preview carries the camera's EXIF itself, so the basics come from its header.
    static func raf(_ data: RawBytes) -> RawPreview? {
        guard let header = data.read(0, 92) else { return nil }
        let fields = RawFields(bytes: header, bigEndian: true)
        return preview([(fields.u32(84), fields.u32(88))], data, exif: Exif())
    }

    /// Canon's CR3, an ISO-BMFF file. Its `moov` box holds Canon's `uuid` box (85c0b687…) with the
    /// EXIF as small TIFFs (CMT1: IFD0 with make, model and orientation; CMT2: the EXIF IFD) and a
    /// small THMB JPEG; a top-level `uuid` box (eaf42b5e…) holds the PRVW box with the screen-sized
    /// JPEG. Each box is found by walking sizes, never by scanning for markers.
    static func cr3(_ data: RawBytes) -> RawPreview? {
        var exif = Exif()
        var candidates: [(offset: Int, length: Int)] = []
        for top in boxes(data, from: 0, to: data.size) {
            if top.type == "moov" {
                for child in boxes(data, from: top.start, to: top.end) where child.type == "uuid" {
                    guard uuid(data, child) == canonUUID else { continue }
                    for item in boxes(data, from: child.start + 16, to: child.end) {
                        switch item.type {
                        case "CMT1", "CMT2":
                            guard let bytes = data.read(item.start, min(item.end - item.start, 64 * 1024)),
                                  let tiff = TIFFWalk(RawBytes(bytes)) else { continue }
                            exif.make = exif.make ?? tiff.exif.make
                            exif.model = exif.model ?? tiff.exif.model
                            exif.orientation = exif.orientation ?? tiff.exif.orientation
                            exif.taken = exif.taken ?? tiff.exif.taken
                        case "THMB":
                            if let jpeg = embeddedJPEG(data, item) { candidates.append(jpeg) }
                        default: break
                        }
                    }
                }
            } else if top.type == "uuid", uuid(data, top) == previewUUID {
                // The PRVW box follows the UUID and 8 bytes of Canon's own.
                for item in boxes(data, from: top.start + 24, to: top.end) where item.type == "PRVW" {
                    if let jpeg = embeddedJPEG(data, item) { candidates.append(jpeg) }
                }
            }
        }
        return preview(candidates, data, exif: exif)
    }

    private static let canonUUID: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
    private static let previewUUID: [UInt8] = [0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16]
    /// How many boxes one level of the walk reads at most.
    static let maxBoxes = 64

    /// A box: its four-character type and where its payload starts and ends.
    struct Box {
        var type: String
        var start: Int
        var end: Int
    }

    /// The boxes laid end to end in `from..<to`, as far as their sizes hold together (at most `limit`).
    static func boxes(_ data: RawBytes, from: Int, to: Int, limit: Int = maxBoxes) -> [Box] {
        var found: [Box] = []
        var at = from
        while found.count < limit, at >= 0, to <= data.size, at <= to - 8, let header = data.read(at, 8) {
            let fields = RawFields(bytes: header, bigEndian: true)
            var size = fields.u32(0)
            var headerSize = 8
            if size == 1 {
                // A 64-bit size follows; anything past Int32 is past any file this reads.
                guard at <= to - 16, let large = data.read(at + 8, 8) else { break }
                let wide = RawFields(bytes: large, bigEndian: true)
                guard wide.u32(0) == 0 else { break }
                size = wide.u32(4)
                headerSize = 16
            } else if size == 0 {
                size = to - at
            }
            guard size >= headerSize, size <= to - at else { break }
            found.append(Box(type: String(decoding: header[4..<8], as: UTF8.self), start: at + headerSize, end: at + size))
            at += size
        }
        return found
    }

    /// The 16-byte user type that opens a `uuid` box's payload.
    private static func uuid(_ data: RawBytes, _ box: Box) -> [UInt8]? {
        guard box.end - box.start >= 16 else { return nil }
        return data.read(box.start, 16)
    }

    /// The JPEG inside a THMB or PRVW box: its SOI within the box's first 32 bytes, its length the
    /// 32-bit field just before it when that fits the box, else the rest of the box.
    private static func embeddedJPEG(_ data: RawBytes, _ box: Box) -> (offset: Int, length: Int)? {
        guard let head = data.readUpTo(box.start, min(32, box.end - box.start)) else { return nil }
        var at = 0
        while at + 1 < head.count, !(head[at] == 0xFF && head[at + 1] == 0xD8) { at += 1 }
        guard at + 1 < head.count else { return nil }
        let offset = box.start + at
        let rest = box.end - offset
        let fields = RawFields(bytes: head, bigEndian: true)
        let stated = at >= 4 ? fields.u32(at - 4) : 0
        return (offset, stated > 0 && stated <= rest ? stated : rest)
    }
}
