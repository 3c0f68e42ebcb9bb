import Foundation

/// Reads what a probe needs from a JPEG's header bytes in pure Swift: the frame size (SOF),
/// EXIF orientation, DateTimeOriginal (or XMP's dates when EXIF has none), Make, Model and GPS position, XMP rating and subjects, and IPTC
/// keywords. It touches no pixels and runs no C, so the scan needs neither ImageMagick nor a
/// decoder worker for a JPEG: every read is bounds-checked, and anything it does not
/// understand (a header longer than the bytes given, a frame without a height) answers nil so
/// the caller falls back to ImageMagick's ping.
public enum JPEGHeader {
    /// How many leading bytes are worth keeping for `probe`: APP segments are at most 64 KB
    /// each, and a camera's EXIF, XMP and IPTC come well within this.
    public static let usefulPrefix = 256 * 1024

    /// What the header says, or nil when it must be left to ImageMagick.
    public static func probe(_ bytes: [UInt8]) -> ImageProbe? {
        bytes.withUnsafeBufferPointer { probe(Reader(bytes: $0)) }
    }

    private static func probe(_ data: Reader) -> ImageProbe? {
        var frame: (width: Int, height: Int)?
        var exif = Exif()
        var xmp: [UInt8]?
        var iptc: [UInt8]?
        let reached = segments(data) { marker, body in
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                guard body.count >= 6, frame == nil else { return true }
                let height = data.u16(body.lowerBound + 1, bigEndian: true)
                let width = data.u16(body.lowerBound + 3, bigEndian: true)
                // A height of 0 is defined later by a DNL marker: ImageMagick's business.
                guard width > 0, height > 0 else { return false }
                frame = (width, height)
            case 0xE1:
                if !exif.seen, let tiff = data.after(exifSignature, in: body) {
                    exif = Exif.read(data, tiff: tiff)
                } else if xmp == nil, let packet = data.after(xmpSignature, in: body) {
                    xmp = data.slice(packet)
                }
            case 0xED where iptc == nil:
                if let resources = data.after(photoshopSignature, in: body) { iptc = photoshopIPTC(data, resources) }
            default:
                break
            }
            return true
        }
        // The start of scan reached: the header is over.
        guard reached, let frame else { return nil }
        var probe = ImageProbe(
            format: .jpeg, width: frame.width, height: frame.height, orientation: exif.orientation ?? 1,
            cameraMake: exif.make, cameraModel: exif.model,
            rating: EmbeddedCuration.rating(xmp.flatMap(EmbeddedCuration.ratingText(inXMP:))),
            keywords: EmbeddedCuration.keywords(
                xmp.map(EmbeddedCuration.subjects) ?? [], EmbeddedCuration.iptcKeywords(iptc)))
        probe.motionLength = xmp.flatMap(MotionPhoto.clipLength(inXMP:))
        probe.location = exif.location ?? xmp.flatMap(XMPPosition.read)
        probe.date(exif: exif.taken, offset: exif.offset, xmp: xmp, iptc: iptc)
        return probe
    }

    /// Walks a JPEG's segments from its start to its start of scan, handing each marker and the
    /// range of its body to `visit`, which says whether to go on; true when the start of scan was
    /// reached, false when the bytes are no JPEG, end or break first, or `visit` stopped.
    static func segments(_ data: Reader, _ visit: (UInt8, Range<Int>) -> Bool) -> Bool {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return false }
        var at = 2
        while at + 4 <= data.count {
            guard data[at] == 0xFF else { return false }
            var marker = data[at + 1]
            // Any number of 0xFF fill bytes may precede a marker.
            while marker == 0xFF {
                at += 1
                guard at + 1 < data.count else { return false }
                marker = data[at + 1]
            }
            at += 2
            // Markers without a length.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            if marker == 0xD9 { return false }
            guard at + 2 <= data.count else { return false }
            let length = data.u16(at, bigEndian: true)
            guard length >= 2, at + length <= data.count else { return false }
            if marker == 0xDA { return true }
            guard visit(marker, at + 2..<at + length) else { return false }
            at += length
        }
        return false
    }

    private static let exifSignature = Array("Exif\0\0".utf8)
    private static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    private static let photoshopSignature = Array("Photoshop 3.0\0".utf8)

    /// The IPTC-IIM block (image resource 0x0404) inside an APP13 Photoshop segment.
    private static func photoshopIPTC(_ data: Reader, _ range: Range<Int>) -> [UInt8]? {
        var at = range.lowerBound
        while data.starts(with: Array("8BIM".utf8), at: at), let resource = photoshopResource(data, at: at, in: range) {
            if resource.id == 0x0404 { return data.slice(resource.body) }
            at = resource.next
        }
        return nil
    }

    /// The Photoshop image resource whose signature starts at `at`: its id, its data, and where
    /// the next one starts (a Pascal name padded to an even length, then a 4-byte size and the
    /// data padded likewise); nil when its header or its data do not fit in `range`.
    static func photoshopResource(_ data: Reader, at: Int, in range: Range<Int>) -> (id: Int, body: Range<Int>, next: Int)? {
        guard at + 12 <= range.upperBound else { return nil }
        let nameLength = Int(data[at + 6])
        let sizeAt = at + 6 + ((nameLength + 2) & ~1)
        guard sizeAt + 4 <= range.upperBound else { return nil }
        let size = data.u32(sizeAt, bigEndian: true)
        let start = sizeAt + 4
        guard size <= range.upperBound - start else { return nil }
        return (data.u16(at + 4, bigEndian: true), start..<start + size, start + ((size + 1) & ~1))
    }
}
