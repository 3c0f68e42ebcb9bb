/// Builds a little-endian EXIF block byte by byte, in shapes exiftool does not write: entries
/// out of order, the GPS IFD pointed to from IFD1 or the Exif IFD, signed rationals, seconds of
/// 0/0, the pointer typed IFD (13) rather than LONG. Its position is 48.8584 N, 2.2945 E, its
/// camera "Acme" and its date 2024:07:14 16:20:00.
enum EXIFForge {
    /// The IFD that points to the GPS IFD.
    enum From { case ifd0, ifd1, exifIFD }

    /// How the block is laid out.
    struct Shape {
        var from: From = .ifd0
        var reversed = false
        var signed = false
        var zeroSeconds = false
        var pointerType = 4
    }

    // Where each part goes: fixed places, far enough apart for what they hold.
    private static let (ifd0, ifd1, exifIFD, gpsIFD, data) = (8, 160, 260, 360, 520)

    /// The TIFF structure of the block (without JPEG's "Exif\0\0").
    static func tiff(_ shape: Shape) -> [UInt8] {
        var bytes = [0x49, 0x49, 42, 0] + u32(ifd0) + [UInt8](repeating: 0, count: 700)
        var free = data
        /// A value: inline when it fits in four bytes, else in the data area.
        func value(_ payload: [UInt8]) -> [UInt8] {
            if payload.count <= 4 { return payload + [UInt8](repeating: 0, count: 4 - payload.count) }
            let at = free
            bytes.replaceSubrange(at..<at + payload.count, with: payload)
            free += payload.count + payload.count % 2
            return u32(at)
        }
        func write(_ at: Int, _ entries: [(tag: Int, type: Int, count: Int, value: [UInt8])], next: Int) {
            let ordered = entries.sorted { shape.reversed ? $0.tag > $1.tag : $0.tag < $1.tag }
            var table = u16(ordered.count)
            for entry in ordered { table += u16(entry.tag) + u16(entry.type) + u32(entry.count) + entry.value }
            table += u32(next)
            bytes.replaceSubrange(at..<at + table.count, with: table)
        }
        let pointer = (tag: 0x8825, type: shape.pointerType, count: 1, value: u32(gpsIFD))
        write(ifd0, [(0x010F, 2, 5, value(Array("Acme\0".utf8))), (0x0112, 3, 1, value(u16(1))), (0x8769, 4, 1, u32(exifIFD))]
              + (shape.from == .ifd0 ? [pointer] : []), next: ifd1)
        write(ifd1, [(0x0103, 3, 1, value(u16(6)))] + (shape.from == .ifd1 ? [pointer] : []), next: 0)
        write(exifIFD, [(0x9003, 2, 20, value(Array("2024:07:14 16:20:00\0".utf8)))] + (shape.from == .exifIFD ? [pointer] : []), next: 0)
        let type = shape.signed ? 10 : 5
        func dms(_ degrees: Int, _ minutes: Int, _ hundredths: Int) -> [UInt8] {
            u32(degrees) + u32(1) + u32(minutes) + u32(1) + (shape.zeroSeconds ? u32(0) + u32(0) : u32(hundredths) + u32(100))
        }
        write(gpsIFD, [(1, 2, 2, value(Array("N\0".utf8))), (2, type, 3, value(dms(48, 51, 3024))),
                       (3, 2, 2, value(Array("E\0".utf8))), (4, type, 3, value(dms(2, 17, 4020)))], next: 0)
        return bytes
    }

    /// `jpeg` with the block put in an APP1 segment right after its SOI.
    static func jpeg(_ jpeg: [UInt8], _ shape: Shape) -> [UInt8] {
        let body = Array("Exif\0\0".utf8) + tiff(shape)
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1] + u16(body.count + 2).reversed() + body + Array(jpeg.dropFirst(2))
    }

    private static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    private static func u32(_ value: Int) -> [UInt8] { u16(value) + u16(value >> 16) }
}
