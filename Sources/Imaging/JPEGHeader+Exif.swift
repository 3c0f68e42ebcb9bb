extension JPEGHeader {
    /// The EXIF fields a probe reports.
    struct Exif {
        var seen = false
        var orientation: Int?
        var make: String?
        var model: String?
        var taken: String?
        /// `OffsetTimeOriginal`: the time zone of `taken` ("+02:00").
        var offset: String?
        /// Where it was taken: the GPS IFD's latitude and longitude with their references.
        var location: GeoPoint?

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
            var gpsIFDs: [Int] = []
            let ifd0 = data.u32(base + 4, bigEndian: bigEndian)
            // IFD0 and the IFDs chained after it (a phone may point to its GPS IFD from IFD1).
            var chain = [ifd0]
            for ifd in ifd0Chain(data, tiff: tiff, from: ifd0, bigEndian: bigEndian) {
                forEachEntry(data, tiff: tiff, ifd: ifd, bigEndian: bigEndian) { tag, type, count, valueAt in
                    switch tag {
                    case 0x010F where ifd == ifd0: exif.make = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                    case 0x0110 where ifd == ifd0: exif.model = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                    case 0x0112 where ifd == ifd0 && count >= 1:
                        if type == 3 { exif.orientation = data.u16(valueAt, bigEndian: bigEndian) }
                        if type == 4 { exif.orientation = data.u32(valueAt, bigEndian: bigEndian) }
                    case 0x8769 where isPointer(type) && exifIFD == nil: exifIFD = data.u32(valueAt, bigEndian: bigEndian)
                    case 0x8825 where isPointer(type): gpsIFDs.append(data.u32(valueAt, bigEndian: bigEndian))
                    default: break
                    }
                }
                chain.append(ifd)
            }
            if let exifIFD, !chain.contains(exifIFD) {
                forEachEntry(data, tiff: tiff, ifd: exifIFD, bigEndian: bigEndian) { tag, type, count, valueAt in
                    if tag == 0x9003 { exif.taken = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian) }
                    if tag == 0x9011 { exif.offset = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian) }
                    if tag == 0x8825, isPointer(type) { gpsIFDs.append(data.u32(valueAt, bigEndian: bigEndian)) }
                }
                chain.append(exifIFD)
            }
            for gpsIFD in gpsIFDs where !chain.contains(gpsIFD) && exif.location == nil {
                exif.location = gps(data, tiff: tiff, ifd: gpsIFD, bigEndian: bigEndian)
            }
            return exif
        }

        /// Whether an entry of `type` can hold an IFD's offset: LONG, or the IFD type (13).
        private static func isPointer(_ type: Int) -> Bool { type == 4 || type == 13 }

        /// IFD0 and the IFDs its chain of next-IFD offsets leads to (at most 8, each once).
        private static func ifd0Chain(_ data: Reader, tiff: Range<Int>, from ifd0: Int, bigEndian: Bool) -> [Int] {
            var chain: [Int] = []
            var ifd = ifd0
            while chain.count < 8, ifd >= 8, ifd <= tiff.count - 2, !chain.contains(ifd) {
                chain.append(ifd)
                let next = ifd + 2 + data.u16(tiff.lowerBound + ifd, bigEndian: bigEndian) * 12
                guard next <= tiff.count - 4 else { break }
                ifd = data.u32(tiff.lowerBound + next, bigEndian: bigEndian)
            }
            return chain
        }

        /// The position the GPS IFD holds (tags 1-4: north or south, latitude, east or west, longitude).
        private static func gps(_ data: Reader, tiff: Range<Int>, ifd: Int, bigEndian: Bool) -> GeoPoint? {
            var north: String?, east: String?, latitude: [Double]?, longitude: [Double]?
            forEachEntry(data, tiff: tiff, ifd: ifd, bigEndian: bigEndian) { tag, type, count, valueAt in
                switch tag {
                case 1: north = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                case 2: latitude = rationals(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                case 3: east = text(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                case 4: longitude = rationals(data, tiff: tiff, type: type, count: count, valueAt: valueAt, bigEndian: bigEndian)
                default: break
                }
            }
            guard var latitude, var longitude else { return nil }
            // Signed rationals may carry the hemisphere in their sign rather than (or against) the reference.
            if latitude[0] < 0 { latitude = latitude.map { -$0 }; north = north?.uppercased() == "S" ? "N" : "S" }
            if longitude[0] < 0 { longitude = longitude.map { -$0 }; east = east?.uppercased() == "W" ? "E" : "W" }
            return GeoPoint(latitude: latitude, north: north, longitude: longitude, east: east)
        }

        /// Up to three RATIONALs (type 5) or SRATIONALs (10), always stored at an offset; a
        /// trailing part of 0/0 (a phone that writes no seconds) reads as 0; nil when out of bounds.
        private static func rationals(_ data: Reader, tiff: Range<Int>, type: Int, count: Int, valueAt: Int, bigEndian: Bool) -> [Double]? {
            guard type == 5 || type == 10, (1...3).contains(count) else { return nil }
            let start = tiff.lowerBound + data.u32(valueAt, bigEndian: bigEndian)
            guard start >= tiff.lowerBound, start <= tiff.upperBound - count * 8 else { return nil }
            var values: [Double] = []
            for index in 0..<count {
                var top = data.u32(start + index * 8, bigEndian: bigEndian), bottom = data.u32(start + index * 8 + 4, bigEndian: bigEndian)
                if type == 10 { (top, bottom) = (Int(Int32(truncatingIfNeeded: top)), Int(Int32(truncatingIfNeeded: bottom))) }
                if bottom == 0 {
                    guard index > 0, top == 0 else { return nil }
                    values.append(0)
                    continue
                }
                values.append(Double(top) / Double(bottom))
            }
            return values
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
}
