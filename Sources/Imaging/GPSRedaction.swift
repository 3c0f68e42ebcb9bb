/// Takes where a JPEG was taken out of it, for a share link whose maker did not share places:
/// the bytes that say it, found in the header and overwritten in place, so the file keeps its
/// length and every offset in it (a download can still be served in ranges, and the picture and
/// the rest of its metadata are untouched). The EXIF GPS IFD is emptied (its entry count set to
/// 0, its entries and every value they point to zeroed), and in XMP every `exif:GPS…` property's
/// value is blanked with spaces. Pure and total: any bytes give patches inside them, or nil when
/// the header cannot be read through to the pixels (the caller must then not hand the file out).
public enum GPSRedaction {
    /// Bytes to write at an offset of the file.
    public struct Patch: Sendable, Equatable {
        public var offset: Int
        public var bytes: [UInt8]
    }

    /// The patches for a JPEG whose first bytes are `head` (the whole header must be in it:
    /// `JPEGHeader.usefulPrefix` holds any camera's); nil when it is no JPEG header read through to
    /// its start of scan.
    public static func patches(_ head: [UInt8]) -> [Patch]? {
        head.withUnsafeBufferPointer { patches(JPEGHeader.Reader(bytes: $0)) }
    }

    /// `chunk`, which starts at `offset` in the file, with the patches written where they overlap it.
    public static func apply(_ patches: [Patch], to chunk: inout [UInt8], at offset: Int) {
        let end = offset + chunk.count
        for patch in patches {
            let from = max(patch.offset, offset), to = min(patch.offset + patch.bytes.count, end)
            guard from < to else { continue }
            for at in from..<to { chunk[at - offset] = patch.bytes[at - patch.offset] }
        }
    }

    private static let exifSignature = Array("Exif\0\0".utf8)
    private static let xmpSignatures = [Array("http://ns.adobe.com/xap/1.0/\0".utf8), Array("http://ns.adobe.com/xmp/extension/\0".utf8)]

    private static func patches(_ data: JPEGHeader.Reader) -> [Patch]? {
        var out: [Patch] = []
        let reached = JPEGHeader.segments(data) { marker, body in
            guard marker == 0xE1 else { return true }
            if let tiff = data.after(exifSignature, in: body) {
                out += exif(data, tiff: tiff)
            } else if let packet = xmpSignatures.lazy.compactMap({ data.after($0, in: body) }).first {
                out += xmp(data, packet: packet)
            }
            return true
        }
        return reached ? out : nil
    }

    /// The GPS IFD emptied: its count, entries and the values they point to.
    private static func exif(_ data: JPEGHeader.Reader, tiff: Range<Int>) -> [Patch] {
        guard tiff.count >= 8 else { return [] }
        let base = tiff.lowerBound
        let bigEndian: Bool
        switch (data[base], data[base + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return []
        }
        func inside(_ offset: Int, _ count: Int) -> Bool { offset >= 0 && count >= 0 && offset >= base && offset <= tiff.upperBound - count }
        let ifd0 = base + data.u32(base + 4, bigEndian: bigEndian)
        guard inside(ifd0, 2) else { return [] }
        var gps: Int?
        let entries0 = data.u16(ifd0, bigEndian: bigEndian)
        for index in 0..<min(entries0, 512) {
            let entry = ifd0 + 2 + index * 12
            guard inside(entry, 12) else { break }
            if data.u16(entry, bigEndian: bigEndian) == 0x8825 { gps = base + data.u32(entry + 8, bigEndian: bigEndian) }
        }
        guard let gps, gps != ifd0, inside(gps, 2) else { return [] }
        var out = [Patch(offset: gps, bytes: [0, 0])]
        let count = data.u16(gps, bigEndian: bigEndian)
        for index in 0..<min(count, 512) {
            let entry = gps + 2 + index * 12
            guard inside(entry, 12) else { break }
            let type = data.u16(entry + 2, bigEndian: bigEndian), items = data.u32(entry + 4, bigEndian: bigEndian)
            let unit = [1: 1, 2: 1, 6: 1, 7: 1, 3: 2, 8: 2, 4: 4, 9: 4, 11: 4, 13: 4, 5: 8, 10: 8, 12: 8][type] ?? 0
            let (size, overflow) = items.multipliedReportingOverflow(by: unit)
            if !overflow, size > 4 {
                let value = base + data.u32(entry + 8, bigEndian: bigEndian)
                let from = max(value, base), to = min(value &+ size, tiff.upperBound)
                if value >= base, from < to { out.append(Patch(offset: from, bytes: [UInt8](repeating: 0, count: to - from))) }
            }
            out.append(Patch(offset: entry, bytes: [UInt8](repeating: 0, count: 12)))
        }
        return out
    }

    /// Every `exif:GPS…` property's value in an XMP packet, as spaces: an attribute's between its
    /// quotes, an element's up to the next tag.
    static func xmp(_ data: JPEGHeader.Reader, packet: Range<Int>) -> [Patch] {
        let name = Array("exif:GPS".utf8)
        var out: [Patch] = []
        var at = packet.lowerBound
        while at + name.count <= packet.upperBound, out.count < 4_096 {
            guard data.starts(with: name, at: at) else { at += 1; continue }
            let element = at > packet.lowerBound && data[at - 1] == 0x3C  // "<"
            let closing = at > packet.lowerBound && data[at - 1] == 0x2F  // "</"
            var end = at + name.count
            while end < packet.upperBound, isNameByte(data[end]) { end += 1 }
            at = end
            if closing { continue }
            var valueStart: Int?, terminator: UInt8 = 0
            if element {
                // to the end of the start tag; a self-closing one holds nothing
                var tagEnd = end
                while tagEnd < packet.upperBound, data[tagEnd] != 0x3E { tagEnd += 1 }
                guard tagEnd < packet.upperBound, data[tagEnd - 1] != 0x2F else { continue }
                (valueStart, terminator) = (tagEnd + 1, 0x3C)
            } else {
                var equals = end
                while equals < packet.upperBound, data[equals] == 0x20 || data[equals] == 0x09 || data[equals] == 0x0A || data[equals] == 0x0D { equals += 1 }
                guard equals + 1 < packet.upperBound, data[equals] == 0x3D else { continue }
                var quote = equals + 1
                while quote < packet.upperBound, data[quote] == 0x20 || data[quote] == 0x09 { quote += 1 }
                guard quote < packet.upperBound, data[quote] == 0x22 || data[quote] == 0x27 else { continue }
                (valueStart, terminator) = (quote + 1, data[quote])
            }
            guard let start = valueStart else { continue }
            var stop = start
            while stop < packet.upperBound, data[stop] != terminator { stop += 1 }
            if stop > start { out.append(Patch(offset: start, bytes: [UInt8](repeating: 0x20, count: stop - start))) }
            at = stop
        }
        return out
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F
    }
}
