import Foundation

/// Reads what a probe needs from a JPEG's header bytes in pure Swift: the frame size (SOF),
/// EXIF orientation, DateTimeOriginal, Make and Model, XMP rating and subjects, and IPTC
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
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var frame: (width: Int, height: Int)?
        var exif = Exif()
        var xmp: [UInt8]?
        var iptc: [UInt8]?
        var at = 2
        while at + 4 <= data.count {
            guard data[at] == 0xFF else { return nil }
            var marker = data[at + 1]
            // Any number of 0xFF fill bytes may precede a marker.
            while marker == 0xFF {
                at += 1
                guard at + 1 < data.count else { return nil }
                marker = data[at + 1]
            }
            at += 2
            // Markers without a length.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            if marker == 0xD9 { return nil }
            guard at + 2 <= data.count else { return nil }
            let length = data.u16(at, bigEndian: true)
            guard length >= 2, at + length <= data.count else { return nil }
            let body = at + 2..<at + length
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                guard body.count >= 6, frame == nil else { break }
                let height = data.u16(body.lowerBound + 1, bigEndian: true)
                let width = data.u16(body.lowerBound + 3, bigEndian: true)
                // A height of 0 is defined later by a DNL marker: ImageMagick's business.
                guard width > 0, height > 0 else { return nil }
                frame = (width, height)
            case 0xE1:
                if !exif.seen, let tiff = data.after(exifSignature, in: body) {
                    exif = Exif.read(data, tiff: tiff)
                } else if xmp == nil, let packet = data.after(xmpSignature, in: body) {
                    xmp = data.slice(packet)
                }
            case 0xED where iptc == nil:
                if let resources = data.after(photoshopSignature, in: body) { iptc = photoshopIPTC(data, resources) }
            case 0xDA:
                // Start of scan: the header is over.
                guard let frame else { return nil }
                var probe = ImageProbe(
                    format: .jpeg, width: frame.width, height: frame.height, orientation: exif.orientation ?? 1,
                    takenAt: exif.taken.flatMap(ExifDate.parse), cameraMake: exif.make, cameraModel: exif.model,
                    rating: EmbeddedCuration.rating(xmp.flatMap(EmbeddedCuration.ratingText(inXMP:))),
                    keywords: EmbeddedCuration.keywords(
                        xmp.map(EmbeddedCuration.subjects) ?? [], EmbeddedCuration.iptcKeywords(iptc)))
                probe.motionLength = xmp.flatMap(MotionPhoto.clipLength(inXMP:))
                return probe
            default:
                break
            }
            at += length
        }
        return nil
    }

    private static let exifSignature = Array("Exif\0\0".utf8)
    private static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    private static let photoshopSignature = Array("Photoshop 3.0\0".utf8)

    /// The IPTC-IIM block (image resource 0x0404) inside an APP13 Photoshop segment.
    private static func photoshopIPTC(_ data: Reader, _ range: Range<Int>) -> [UInt8]? {
        var at = range.lowerBound
        while at + 12 <= range.upperBound, data.starts(with: Array("8BIM".utf8), at: at) {
            let id = data.u16(at + 4, bigEndian: true)
            // A Pascal name padded to an even length, then a 4-byte size and the data padded likewise.
            let nameLength = Int(data[at + 6])
            let sizeAt = at + 6 + ((nameLength + 2) & ~1)
            guard sizeAt + 4 <= range.upperBound else { return nil }
            let size = data.u32(sizeAt, bigEndian: true)
            let start = sizeAt + 4
            guard size <= range.upperBound - start else { return nil }
            if id == 0x0404 { return data.slice(start..<start + size) }
            at = start + ((size + 1) & ~1)
        }
        return nil
    }

    /// The EXIF fields a probe reports.
    private struct Exif {
        var seen = false
        var orientation: Int?
        var make: String?
        var model: String?
        var taken: String?

        static func read(_ data: Reader, tiff: Range<Int>) -> Exif {
            var exif = Exif(seen: true)
            guard tiff.count >= 8 else { return exif }
            let base = tiff.lowerBound
            let bigEndian: Bool
            switch (data[base], data[base + 1]) {
            case (0x4D, 0x4D): bigEndian = true
            case (0x49, 0x49): bigEndian = false
            default: return exif
            }
            guard data.u16(base + 2, bigEndian: bigEndian) == 42 else { return exif }
            var exifIFD: Int?
            let ifd0 = data.u32(base + 4, bigEndian: bigEndian)
            forEachEntry(data, tiff: tiff, ifd: ifd0, bigEndian: bigEndian) { tag, type, count, valueAt in
                switch tag {
                case 0x010F: exif.make = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                case 0x0110: exif.model = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                case 0x0112 where count >= 1:
                    if type == 3 { exif.orientation = data.u16(valueAt, bigEndian: bigEndian) }
                    if type == 4 { exif.orientation = data.u32(valueAt, bigEndian: bigEndian) }
                case 0x8769 where type == 4 || type == 13: exifIFD = data.u32(valueAt, bigEndian: bigEndian)
                default: break
                }
            }
            if let exifIFD, exifIFD != ifd0 {
                forEachEntry(data, tiff: tiff, ifd: exifIFD, bigEndian: bigEndian) { tag, type, count, valueAt in
                    if tag == 0x9003 { exif.taken = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian) }
                }
            }
            return exif
        }

        /// Calls `body(tag, type, count, offset of the 4-byte value field)` for each entry of the IFD at `ifd`.
        private static func forEachEntry(
            _ data: Reader, tiff: Range<Int>, ifd: Int, bigEndian: Bool, _ body: (Int, Int, Int, Int) -> Void
        ) {
            guard ifd >= 8, ifd <= tiff.count - 2 else { return }
            let start = tiff.lowerBound + ifd
            let entries = data.u16(start, bigEndian: bigEndian)
            for index in 0..<entries {
                let entry = start + 2 + index * 12
                guard entry + 12 <= tiff.upperBound else { return }
                body(data.u16(entry, bigEndian: bigEndian), data.u16(entry + 2, bigEndian: bigEndian),
                     data.u32(entry + 4, bigEndian: bigEndian), entry + 8)
            }
        }

        /// An ASCII (or UNDEFINED) value, trimmed of spaces and NULs; nil when empty or out of bounds.
        private static func text(_ data: Reader, tiff: Range<Int>, type: Int, count: Int, valueAt: Int, bigEndian: Bool) -> String? {
            guard type == 2 || type == 7, count > 0, count <= tiff.count else { return nil }
            let start = count <= 4 ? valueAt : tiff.lowerBound + data.u32(valueAt, bigEndian: bigEndian)
            guard start >= tiff.lowerBound, start <= tiff.upperBound - count else { return nil }
            var bytes = data.slice(start..<start + count)
            if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
            // ASCII whitespace either side, as ImageMagick's property reader trims.
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return nil }
            return String(decoding: bytes[first...last], as: UTF8.self)
        }
    }

    /// Bounds-checked big- and little-endian reads over the header bytes; out of range reads 0.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var count: Int { bytes.count }

        subscript(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

        func u16(_ at: Int, bigEndian: Bool) -> Int {
            let a = Int(self[at]), b = Int(self[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(_ at: Int, bigEndian: Bool) -> Int {
            let high = u16(at, bigEndian: bigEndian), low = u16(at + 2, bigEndian: bigEndian)
            return bigEndian ? high << 16 | low : low << 16 | high
        }

        /// The rest of `segment` after `signature`, when the segment begins with it (and holds it whole).
        /// Every sub-range of a segment is made here, so none can be built from an unchecked length.
        func after(_ signature: [UInt8], in segment: Range<Int>) -> Range<Int>? {
            guard segment.count >= signature.count, starts(with: signature, at: segment.lowerBound) else { return nil }
            return segment.lowerBound + signature.count..<segment.upperBound
        }

        func starts(with prefix: [UInt8], at: Int) -> Bool {
            guard at >= 0, at + prefix.count <= bytes.count else { return false }
            for (offset, byte) in prefix.enumerated() where bytes[at + offset] != byte { return false }
            return true
        }

        func slice(_ range: Range<Int>) -> [UInt8] {
            let clamped = range.clamped(to: 0..<bytes.count)
            return Array(bytes[clamped])
        }
    }
}
