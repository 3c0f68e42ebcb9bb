/// Writes TIFF structures byte by byte, for RAW-shaped test files: blobs, IFDs whose values go
/// inline or after them, next-IFD links and the header's first-IFD offset.
public struct TIFFWriter {
    /// An IFD entry's value, with the TIFF type it is written as.
    public enum Value {
        case short(Int), long(Int), longs([Int]), ascii(String), byte([UInt8]), undefined([UInt8])
    }

    public let bigEndian: Bool
    public private(set) var bytes: [UInt8]

    /// A header: byte order, `magic` (42 for TIFF; Olympus and Panasonic use their own), and for a
    /// CR2 Canon's "CR", version 2 and the raw IFD's offset after it.
    public init(bigEndian: Bool = false, magic: Int = 42, canon: Bool = false) {
        self.bigEndian = bigEndian
        bytes = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        bytes += Self.u16(magic, bigEndian) + Self.u32(0, bigEndian)
        if canon { bytes += [0x43, 0x52, 2, 0, 0, 0, 0, 0] }
    }

    /// Appends `data` (at an even offset) and answers where it starts.
    public mutating func blob(_ data: [UInt8]) -> Int {
        if bytes.count % 2 == 1 { bytes.append(0) }
        let offset = bytes.count
        bytes += data
        return offset
    }

    /// Appends an IFD of `entries` (sorted by tag, values over 4 bytes written before it) with no next IFD.
    public mutating func ifd(_ entries: [(tag: Int, value: Value)]) -> Int {
        var table: [UInt8] = []
        for (tag, value) in entries.sorted(by: { $0.tag < $1.tag }) {
            let (type, count, data) = encode(value)
            var field = data
            if field.count > 4 { field = u32(blob(data)) }
            table += u16(tag) + u16(type) + u32(count) + field + [UInt8](repeating: 0, count: 4 - field.count)
        }
        return blob(u16(entries.count) + table + u32(0))
    }

    /// Points the IFD at `ifd` on to `next`.
    public mutating func link(_ ifd: Int, next: Int) {
        let count = Int(bigEndian ? UInt16(bytes[ifd]) << 8 | UInt16(bytes[ifd + 1]) : UInt16(bytes[ifd + 1]) << 8 | UInt16(bytes[ifd]))
        put(u32(next), at: ifd + 2 + count * 12)
    }

    /// Sets the header's first-IFD offset.
    public mutating func root(_ ifd: Int) { put(u32(ifd), at: 4) }

    /// Overwrites bytes at `offset`.
    public mutating func put(_ data: [UInt8], at offset: Int) { bytes.replaceSubrange(offset..<offset + data.count, with: data) }

    private func encode(_ value: Value) -> (type: Int, count: Int, data: [UInt8]) {
        switch value {
        case .short(let v): (3, 1, u16(v))
        case .long(let v): (4, 1, u32(v))
        case .longs(let vs): (4, vs.count, vs.flatMap { u32($0) })
        case .ascii(let s): (2, s.utf8.count + 1, Array(s.utf8) + [0])
        case .byte(let b): (1, b.count, b)
        case .undefined(let b): (7, b.count, b)
        }
    }

    public func u16(_ v: Int) -> [UInt8] { Self.u16(v, bigEndian) }
    public func u32(_ v: Int) -> [UInt8] { Self.u32(v, bigEndian) }
    static func u16(_ v: Int, _ big: Bool) -> [UInt8] {
        let b = [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
        return big ? b : b.reversed()
    }
    static func u32(_ v: Int, _ big: Bool) -> [UInt8] {
        let b = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) }
        return big ? b : b.reversed()
    }
}
