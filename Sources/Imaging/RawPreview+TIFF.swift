import Foundation

extension RawPreview {
    /// One walk over a TIFF-shaped RAW: IFD0 and the IFDs chained after it, their SubIFDs
    /// (0x014A) and the EXIF IFD (0x8769), each visited once and at most `maxIFDs` in all. It
    /// gathers the EXIF basics and every place a JPEG preview may be: JPEGInterchangeFormat and
    /// its length (0x0201/0x0202), an IFD compressed as JPEG (6 or 7) in a single strip, or
    /// RW2's JpgFromRaw (0x002E).
    struct TIFFWalk {
        let data: RawBytes
        let bigEndian: Bool
        private(set) var exif = Exif()
        private(set) var isDNG = false
        private(set) var candidates: [(offset: Int, length: Int)] = []

        /// Walks the TIFF at the start of `data`; nil when it has no TIFF header. The magic may be
        /// TIFF's 42, Olympus's "RO"/"RS" or Panasonic's 0x55. `ifd0Only` reads IFD0 alone.
        init?(_ data: RawBytes, ifd0Only: Bool = false) {
            guard let header = data.read(0, 8) else { return nil }
            switch (header[0], header[1]) {
            case (0x49, 0x49): bigEndian = false
            case (0x4D, 0x4D): bigEndian = true
            default: return nil
            }
            self.data = data
            let fields = RawFields(bytes: header, bigEndian: bigEndian)
            guard [42, 0x4F52, 0x5352, 0x55].contains(fields.u16(2)) else { return nil }
            walk(from: fields.u32(4), ifd0Only: ifd0Only)
        }

        /// Visits IFDs breadth first from IFD0; `chain` marks the IFDs whose next-IFD link is followed.
        private mutating func walk(from ifd0: Int, ifd0Only: Bool) {
            var queue: [(offset: Int, chain: Bool, exifIFD: Bool)] = [(ifd0, true, false)]
            var seen: Set<Int> = []
            var next = 0
            while next < queue.count, seen.count < maxIFDs {
                let ifd = queue[next]
                next += 1
                guard seen.insert(ifd.offset).inserted, let entries = self.entries(at: ifd.offset) else { continue }
                let links = read(entries.list, isIFD0: next == 1, exifIFD: ifd.exifIFD)
                if ifd0Only { return }
                if ifd.chain, entries.next != 0 { queue.append((entries.next, true, false)) }
                for sub in links.subIFDs.prefix(maxIFDs) { queue.append((sub, false, false)) }
                if let exifIFD = links.exifIFD { queue.append((exifIFD, false, true)) }
            }
        }

        /// An IFD entry: its tag, type, count and the 4-byte value field (the value or its offset).
        struct Entry {
            var tag: Int, type: Int, count: Int
            var value: RawFields
        }

        /// The entries of the IFD at `offset` and the offset of the next IFD (0 when none or unreadable).
        private func entries(at offset: Int) -> (list: [Entry], next: Int)? {
            guard offset >= 8, let countBytes = data.read(offset, 2) else { return nil }
            let count = min(RawFields(bytes: countBytes, bigEndian: bigEndian).u16(0), maxEntries)
            // The table and the next-IFD link; a table cut short by the end of the file is read as far as it goes.
            guard let table = data.readUpTo(offset + 2, count * 12 + 4) else { return nil }
            let fields = RawFields(bytes: table, bigEndian: bigEndian)
            var list: [Entry] = []
            for index in 0..<min(count, table.count / 12) {
                let at = index * 12
                list.append(Entry(tag: fields.u16(at), type: fields.u16(at + 2), count: fields.u32(at + 4),
                                  value: RawFields(bytes: Array(table[at + 8..<at + 12]), bigEndian: bigEndian)))
            }
            let next = table.count >= count * 12 + 4 ? fields.u32(count * 12) : 0
            return (list, next)
        }

        /// Reads one IFD's entries: EXIF fields, preview places; answers the IFDs it links to.
        private mutating func read(_ entries: [Entry], isIFD0: Bool, exifIFD: Bool) -> (subIFDs: [Int], exifIFD: Int?) {
            var jpeg: (offset: Int?, length: Int?) = (nil, nil)
            var strip: (offset: Int?, length: Int?) = (nil, nil)
            var compression: Int?
            var subIFDs: [Int] = []
            var exifLink: Int?
            for entry in entries {
                switch entry.tag {
                case 0x010F where exif.make == nil: exif.make = string(entry)
                case 0x0110 where exif.model == nil: exif.model = string(entry)
                case 0x0112 where isIFD0: exif.orientation = number(entry)
                case 0x9003 where exif.taken == nil: exif.taken = string(entry)
                case 0x9011 where exif.offset == nil: exif.offset = string(entry)
                case 0xC612 where isIFD0: isDNG = true
                case 0x0103: compression = number(entry)
                case 0x0111 where entry.count == 1: strip.offset = number(entry)
                case 0x0117 where entry.count == 1: strip.length = number(entry)
                case 0x0201: jpeg.offset = number(entry)
                case 0x0202: jpeg.length = number(entry)
                // Panasonic's JpgFromRaw: the JPEG's bytes as the entry's value.
                case 0x002E where entry.type == 7 && entry.count > 4: candidates.append((entry.value.u32(0), entry.count))
                case 0x014A: subIFDs = offsets(entry)
                case 0x8769 where !exifIFD: exifLink = number(entry)
                default: break
                }
            }
            if let offset = jpeg.offset, let length = jpeg.length { candidates.append((offset, length)) }
            if compression == 6 || compression == 7, let offset = strip.offset, let length = strip.length {
                candidates.append((offset, length))
            }
            return (subIFDs, exifLink)
        }

        /// A SHORT, LONG or IFD value (the first, when there are several).
        private func number(_ entry: Entry) -> Int? {
            guard entry.count >= 1 else { return nil }
            switch entry.type {
            case 3: return entry.value.u16(0)
            case 4, 13: return entry.value.u32(0)
            default: return nil
            }
        }

        /// The IFD offsets of a SubIFDs entry: inline when one, else an array elsewhere.
        private func offsets(_ entry: Entry) -> [Int] {
            guard entry.type == 4 || entry.type == 13, entry.count >= 1 else { return [] }
            if entry.count == 1 { return [entry.value.u32(0)] }
            let count = min(entry.count, maxIFDs)
            guard let bytes = data.read(entry.value.u32(0), count * 4) else { return [] }
            let fields = RawFields(bytes: bytes, bigEndian: bigEndian)
            return (0..<count).map { fields.u32($0 * 4) }
        }

        /// An ASCII value: inline up to 4 bytes, else at its offset; at most 256 bytes are read.
        private func string(_ entry: Entry) -> String? {
            guard entry.type == 2 || entry.type == 7, entry.count > 0 else { return nil }
            if entry.count <= 4 { return text(Array(entry.value.bytes.prefix(entry.count))) }
            return data.read(entry.value.u32(0), min(entry.count, 256)).flatMap(text)
        }
    }
}
