extension TIFFPlaces {
    /// The walk's state: IFDs still to read, those read, and the patches found.
    struct Walk {
        let data: JPEGHeader.Reader
        let tiff: Range<Int>
        let bigEndian: Bool
        let strict: Bool
        let depth: Int
        /// IFDs to read, each with whether the file surely means it as one.
        var queue: [(Int, Bool)] = []
        var seen: Set<Int> = []
        var gps: Set<Int> = []
        var out: [GPSRedaction.Patch] = []
        var failed = false

        /// Whether `count` bytes at `offset` (from the TIFF's start) lie inside it.
        func inside(_ offset: Int, _ count: Int) -> Bool {
            offset >= 0 && count >= 0 && offset <= tiff.count - count
        }

        mutating func run() {
            while let (ifd, sure) = queue.popLast(), !failed {
                guard seen.count < maxIFDs else { failed = true; return }
                guard seen.insert(ifd).inserted else { continue }
                // An offset of 0 ends a chain; one outside the bytes is read by no one, but a TIFF
                // file's IFDs (and any first IFD) must all be there.
                if ifd == 0 { continue }
                guard inside(ifd, 2) else { failed = sure && (strict || seen.count == 1); if failed { return }; continue }
                read(ifd, meant: sure)
            }
        }

        /// One IFD: its pointers queued, its GPS IFDs emptied, its embedded packets cleaned.
        mutating func read(_ ifd: Int, meant: Bool) {
            let base = tiff.lowerBound
            let count = data.u16(base + ifd, bigEndian: bigEndian)
            // Only where every IFD must be read does one cut short make the whole unknown.
            let whole = meant && strict
            guard inside(ifd + 2, count * 12 + 4) || !whole else { failed = true; return }
            var thumbnail: (offset: Int?, length: Int?) = (nil, nil)
            defer { if let offset = thumbnail.offset, let length = thumbnail.length { self.thumbnail(offset, length) } }
            for index in 0..<count {
                let entry = ifd + 2 + index * 12
                guard inside(entry, 12) else { return }
                let at = base + entry
                let tag = data.u16(at, bigEndian: bigEndian), type = data.u16(at + 2, bigEndian: bigEndian)
                let items = data.u32(at + 4, bigEndian: bigEndian)
                switch tag {
                case 0x8769, 0xA005, 0x014A:
                    let (sure, guessed) = pointers(type: type, count: items, field: at + 8)
                    queue += sure.map { ($0, true) } + guessed.map { ($0, false) }
                case 0x8825:
                    let (sure, guessed) = pointers(type: type, count: items, field: at + 8)
                    for pointer in sure + guessed { empty(pointer) }
                case 0x927C, 33550, 33922, 34264, 34735, 34736, 34737:
                    // A maker's notes are not read here, and some keep places (Panasonic's City,
                    // Country, State, Landmark; Canon's time zone city); GeoTIFF's tags place the
                    // picture on Earth (a map, a drone's survey): zeroed.
                    if let value = value(type: type, count: items, field: at + 8), value.lowerBound != at + 8 {
                        out.append(GPSRedaction.Patch(offset: value.lowerBound, bytes: [UInt8](repeating: 0, count: value.count)))
                    }
                case 0x0201 where type == 4 || type == 3:
                    thumbnail.offset = type == 4 ? data.u32(at + 8, bigEndian: bigEndian) : data.u16(at + 8, bigEndian: bigEndian)
                case 0x0202 where type == 4 || type == 3:
                    thumbnail.length = type == 4 ? data.u32(at + 8, bigEndian: bigEndian) : data.u16(at + 8, bigEndian: bigEndian)
                case 700, 33723, 34377:
                    guard let value = value(type: type, count: items, field: at + 8) else { failed = whole; if whole { return }; continue }
                    guard let found = embedded(tag: tag, value) else { failed = true; return }
                    out += found
                default:
                    break
                }
            }
            if inside(ifd + 2 + count * 12, 4) { queue.append((data.u32(base + ifd + 2 + count * 12, bigEndian: bigEndian), meant)) }
        }

        /// The IFD offsets an entry may hold: its LONGs or SHORTs, inline or in an array out of
        /// line (`sure`); and its value field read as one LONG whatever its type and count say,
        /// as a lenient reader reads it (`guessed`: not there is no fault of the file).
        func pointers(type: Int, count: Int, field: Int) -> (sure: [Int], guessed: [Int]) {
            let unit = type == 3 ? 2 : [4, 9, 13].contains(type) ? 4 : 0
            let offset = data.u32(field, bigEndian: bigEndian)
            guard unit > 0, count >= 1, count <= 64 else { return ([], [offset]) }
            var at = field
            if count * unit > 4 {
                guard inside(offset, unit * count) else { return ([], [offset]) }
                at = tiff.lowerBound + offset
            }
            let sure = (0..<count).map { unit == 2 ? data.u16(at + $0 * 2, bigEndian: bigEndian) : data.u32(at + $0 * 4, bigEndian: bigEndian) }
            return (sure, sure.contains(offset) ? [] : [offset])
        }

        /// Where an entry's value lies in the bytes, when it is all inside the TIFF.
        func value(type: Int, count: Int, field: Int) -> Range<Int>? {
            let unit = [1: 1, 2: 1, 6: 1, 7: 1, 3: 2, 8: 2, 4: 4, 9: 4, 11: 4, 13: 4, 5: 8, 10: 8, 12: 8][type] ?? 0
            let (size, overflow) = count.multipliedReportingOverflow(by: unit)
            guard unit > 0, !overflow, size <= tiff.count else { return nil }
            if size <= 4 { return field..<field + size }
            let offset = data.u32(field, bigEndian: bigEndian)
            guard inside(offset, size) else { return nil }
            return tiff.lowerBound + offset..<tiff.lowerBound + offset + size
        }

        /// The GPS IFD at `ifd` made empty: its count 0, its entries and what they point to zeroed.
        mutating func empty(_ ifd: Int) {
            guard gps.insert(ifd).inserted, inside(ifd, 2) else { return }
            let base = tiff.lowerBound
            out.append(GPSRedaction.Patch(offset: base + ifd, bytes: [0, 0]))
            let count = data.u16(base + ifd, bigEndian: bigEndian)
            for index in 0..<count {
                let entry = ifd + 2 + index * 12
                guard inside(entry, 12) else { break }
                let at = base + entry
                let type = data.u16(at + 2, bigEndian: bigEndian), items = data.u32(at + 4, bigEndian: bigEndian)
                if let value = value(type: type, count: items, field: at + 8), value.lowerBound != at + 8 {
                    out.append(GPSRedaction.Patch(offset: value.lowerBound, bytes: [UInt8](repeating: 0, count: value.count)))
                }
                out.append(GPSRedaction.Patch(offset: at, bytes: [UInt8](repeating: 0, count: 12)))
            }
        }

        /// A JPEG thumbnail (IFD1's JPEGInterchangeFormat): no reader shows what its own
        /// metadata says, but its bytes go out with the file, so it is cleaned as a JPEG, or
        /// zeroed when it cannot be (a viewer then draws its own).
        mutating func thumbnail(_ offset: Int, _ length: Int) {
            guard length > 0, inside(offset, length) else { return }
            let range = tiff.lowerBound + offset..<tiff.lowerBound + offset + length
            if depth < 2, let found = JPEGPlaces.patches(data, range, image: JPEGPlaces.maxImages - 1, depth: depth + 1) {
                out += found
            } else {
                out.append(GPSRedaction.Patch(offset: range.lowerBound, bytes: [UInt8](repeating: 0, count: range.count)))
            }
        }

        /// XMP, IPTC or a Photoshop block held in an IFD entry, cleaned; nil when it cannot be read.
        func embedded(tag: Int, _ value: Range<Int>) -> [GPSRedaction.Patch]? {
            switch tag {
            case 700: XMPPlaces.patches(data, packet: value)
            case 33723: IPTCPlaces.iim(data, value)
            default: depth < 4 ? IPTCPlaces.photoshop(data, value, depth: depth + 1) : nil
            }
        }
    }
}
