import Foundation

/// The bytes of a zip archive written as it streams, entry by entry, with nothing held but the
/// central directory's few bytes an entry: each entry stored as it is (photos are compressed
/// already), its CRC-32 and size in a data descriptor after its bytes (general purpose bit 3),
/// names in UTF-8 (bit 11), and ZIP64 records for an entry or an archive past 4 GiB.
///
/// Use: `begin` an entry and send its bytes, `update` the CRC with every chunk sent, `end` the
/// entry and send that, and `finish` for the central directory. Offsets count every byte this
/// returns, so each returned array must be sent whole and in order.
struct ZipStream {
    /// Writes ZIP64 records for every entry and the end, whatever the sizes (for tests).
    var alwaysZip64 = false
    private(set) var offset: UInt64 = 0
    private var entries: [Entry] = []
    private var open: Entry?

    private struct Entry {
        var name: [UInt8]
        var dosTime: UInt16, dosDate: UInt16
        var headerOffset: UInt64
        var zip64: Bool
        var crc = CRC32()
        var size: UInt64 = 0
    }

    /// Sizes at or past this take ZIP64 fields.
    static let limit32: UInt64 = 0xFFFF_FFFF

    /// The local header of a new entry. `expectedSize` decides whether the entry's descriptor
    /// carries 8-byte sizes; an entry that then grows past 4 GiB without them is an error.
    mutating func begin(name: String, modified: Date, expectedSize: UInt64) -> [UInt8] {
        precondition(open == nil, "end the open entry first")
        let (time, date) = Self.dosTime(modified)
        let zip64 = alwaysZip64 || expectedSize >= Self.limit32 - 65_536
        let entry = Entry(name: Array(name.utf8), dosTime: time, dosDate: date, headerOffset: offset, zip64: zip64)
        var out = ZipBytes()
        out.u32(0x0403_4b50)
        out.u16(zip64 ? 45 : 20)  // version needed
        out.u16(0x0808)           // data descriptor follows; UTF-8 names
        out.u16(0)                // stored
        out.u16(time); out.u16(date)
        out.u32(0)                // CRC-32: in the descriptor
        out.u32(zip64 ? 0xFFFF_FFFF : 0); out.u32(zip64 ? 0xFFFF_FFFF : 0)
        out.u16(UInt16(entry.name.count))
        out.u16(zip64 ? 20 : 0)
        out.bytes(entry.name)
        if zip64 { out.u16(0x0001); out.u16(16); out.u64(0); out.u64(0) }
        open = entry
        return emit(out)
    }

    /// Counts bytes of the open entry that were sent.
    mutating func update(_ chunk: some Collection<UInt8>) {
        open!.crc.update(chunk)
        open!.size += UInt64(chunk.count)
        offset += UInt64(chunk.count)
    }

    /// The open entry's data descriptor.
    mutating func end() throws -> [UInt8] {
        guard let entry = open else { preconditionFailure("no open entry") }
        guard entry.zip64 || entry.size < Self.limit32 else { throw ZipStreamError.entryGrewPast4GiB }
        var out = ZipBytes()
        out.u32(0x0807_4b50)
        out.u32(entry.crc.value)
        if entry.zip64 { out.u64(entry.size); out.u64(entry.size) } else { out.u32(UInt32(entry.size)); out.u32(UInt32(entry.size)) }
        entries.append(entry)
        open = nil
        return emit(out)
    }

    /// The central directory and the end records.
    mutating func finish() -> [UInt8] {
        precondition(open == nil, "end the open entry first")
        let directoryOffset = offset
        var out = ZipBytes()
        for entry in entries {
            let bigSize = entry.zip64 || entry.size >= Self.limit32
            let bigOffset = alwaysZip64 || entry.headerOffset >= Self.limit32
            var extra = ZipBytes()
            if bigSize || bigOffset {
                var fields = ZipBytes()
                if bigSize { fields.u64(entry.size); fields.u64(entry.size) }
                if bigOffset { fields.u64(entry.headerOffset) }
                extra.u16(0x0001); extra.u16(UInt16(fields.data.count)); extra.bytes(fields.data)
            }
            out.u32(0x0201_4b50)
            out.u16(0x031E)  // made by: Unix, spec 3.0
            out.u16(entry.zip64 || bigOffset ? 45 : 20)
            out.u16(0x0808); out.u16(0)
            out.u16(entry.dosTime); out.u16(entry.dosDate)
            out.u32(entry.crc.value)
            out.u32(bigSize ? 0xFFFF_FFFF : UInt32(entry.size)); out.u32(bigSize ? 0xFFFF_FFFF : UInt32(entry.size))
            out.u16(UInt16(entry.name.count)); out.u16(UInt16(extra.data.count)); out.u16(0)  // no comment
            out.u16(0); out.u16(0)                       // disk, internal attributes
            out.u32(0o100644 << 16)                      // a regular file, rw-r--r--
            out.u32(bigOffset ? 0xFFFF_FFFF : UInt32(entry.headerOffset))
            out.bytes(entry.name); out.bytes(extra.data)
        }
        let directorySize = UInt64(out.data.count)
        let count = UInt64(entries.count)
        let zip64End = alwaysZip64 || count >= 0xFFFF || directoryOffset >= Self.limit32 || directorySize >= Self.limit32
        if zip64End {
            let recordOffset = directoryOffset + directorySize
            out.u32(0x0606_4b50); out.u64(44)
            out.u16(0x031E); out.u16(45)
            out.u32(0); out.u32(0)
            out.u64(count); out.u64(count)
            out.u64(directorySize); out.u64(directoryOffset)
            out.u32(0x0706_4b50); out.u32(0); out.u64(recordOffset); out.u32(1)
        }
        out.u32(0x0605_4b50)
        out.u16(0); out.u16(0)
        out.u16(zip64End ? 0xFFFF : UInt16(count)); out.u16(zip64End ? 0xFFFF : UInt16(count))
        out.u32(zip64End ? 0xFFFF_FFFF : UInt32(directorySize))
        out.u32(zip64End ? 0xFFFF_FFFF : UInt32(directoryOffset))
        out.u16(0)
        return emit(out)
    }

    private mutating func emit(_ out: ZipBytes) -> [UInt8] {
        offset += UInt64(out.data.count)
        return out.data
    }

    /// MS-DOS time and date in UTC, clamped to the years it can hold (1980-2107).
    static func dosTime(_ date: Date) -> (UInt16, UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard let year = c.year, year >= 1980 else { return (0, 1 << 5 | 1) }
        guard year <= 2107 else { return (23 << 11 | 59 << 5 | 29, 127 << 9 | 12 << 5 | 31) }
        let time = UInt16(c.hour! << 11 | c.minute! << 5 | c.second! / 2)
        let day = UInt16((year - 1980) << 9 | c.month! << 5 | c.day!)
        return (time, day)
    }

    /// Unique names for the files of an archive, in order: "IMG_1.jpg", "IMG_1 (2).jpg", …
    /// (compared without case, as Windows and macOS would when unpacking).
    static func uniqueNames(_ names: [String]) -> [String] {
        var taken = Set<String>()
        return names.map { original in
            let clean = Self.safeName(original)
            var name = clean
            var n = 2
            while !taken.insert(name.lowercased()).inserted {
                let ext = (clean as NSString).pathExtension
                let stem = ext.isEmpty ? clean : String(clean.dropLast(ext.count + 1))
                name = ext.isEmpty ? "\(stem) (\(n))" : "\(stem) (\(n)).\(ext)"
                n += 1
            }
            return name
        }
    }

    /// A file name that unpacks where it is asked to: no folders, no control characters.
    static func safeName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.map { $0.value < 0x20 || $0 == "\\" || $0 == "\u{7F}" ? "_" : Character($0) })
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "photo" : cleaned
    }
}

enum ZipStreamError: Error, CustomStringConvertible {
    case entryGrewPast4GiB
    var description: String { "a file grew past 4 GiB while it was being zipped" }
}

/// Little-endian fields.
private struct ZipBytes {
    var data: [UInt8] = []
    mutating func u16(_ v: UInt16) { data += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) } }
    mutating func u64(_ v: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { data.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) } }
    mutating func bytes(_ b: [UInt8]) { data += b }
}

/// CRC-32 (ISO-HDLC, as zip and gzip use), eight bytes a step.
struct CRC32 {
    private(set) var state: UInt32 = 0xFFFF_FFFF
    var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// Eight 256-entry tables, one after another: table k, entry n at `k * 256 + n`.
    static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 { t[k * 256 + n] = (t[(k - 1) * 256 + n] >> 8) ^ t[Int(t[(k - 1) * 256 + n] & 0xFF)] }
        }
        return t
    }()

    mutating func update(_ bytes: some Collection<UInt8>) {
        var c = state
        Self.tables.withUnsafeBufferPointer { t in
            func step(_ c: UInt32, _ byte: UInt8) -> UInt32 { t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
                var i = 0
                let n = buffer.count
                while i + 8 <= n {
                    let a = c ^ (UInt32(buffer[i]) | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i + 2]) << 16 | UInt32(buffer[i + 3]) << 24)
                    c = t[7 * 256 + Int(a & 0xFF)] ^ t[6 * 256 + Int(a >> 8 & 0xFF)] ^ t[5 * 256 + Int(a >> 16 & 0xFF)] ^ t[4 * 256 + Int(a >> 24)]
                        ^ t[3 * 256 + Int(buffer[i + 4])] ^ t[2 * 256 + Int(buffer[i + 5])] ^ t[256 + Int(buffer[i + 6])] ^ t[Int(buffer[i + 7])]
                    i += 8
                }
                while i < n {
                    c = step(c, buffer[i])
                    i += 1
                }
            }
            if done == nil {
                for byte in bytes { c = step(c, byte) }
            }
        }
        state = c
    }
}
