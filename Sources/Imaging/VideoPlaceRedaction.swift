/// Takes where a video was shot out of it, for a share link whose maker did not share places, as
/// `GPSRedaction` does for a JPEG: the bytes that say it are found in the file's `moov` box (and
/// its XMP boxes) and overwritten in place, so the file keeps its length and every offset (it
/// still plays, and is still served in ranges). QuickTime's `©xyz` and 3GPP's `loci` boxes become
/// `free` boxes of zeros; the values of the `mdta` metadata whose key names a location (Apple's
/// `com.apple.quicktime.location.ISO6709` and its kin) become spaces; in XMP (`XMP_`, a top-level
/// `uuid` box) every `exif:GPS…` value becomes spaces. A video that keeps places in its samples
/// (a GoPro's `gpmd` track, a `camm` track) cannot be made placeless this way: nil, and the caller
/// does not hand it out. Pure and total: any bytes give patches inside them, or nil.
public enum VideoPlaceRedaction {
    /// A top-level box of the file, as its header says.
    public struct Box: Sendable, Equatable {
        public var type: String
        public var offset: Int64
        /// The whole box, its header included (to the end of the file for a size of 0).
        public var size: Int64
    }

    /// The most a top-level box is read whole for (a `moov` of hours of video is a few MB).
    public static let largestBox: Int64 = 64 << 20
    /// XMP's box in an MP4 (`uuid` with this id) and in a QuickTime movie (`XMP_` in `udta`).
    static let xmpUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]

    /// The top-level box whose header (at least 16 bytes when there are) starts at `offset` of a
    /// file of `fileSize` bytes; nil when it is no box that fits in the file.
    public static func box(header: [UInt8], at offset: Int64, fileSize: Int64) -> Box? {
        guard header.count >= 8, offset >= 0, offset <= fileSize - 8 else { return nil }
        let small = Int64(u32(header, 0))
        var size = small
        if small == 1 {
            guard header.count >= 16 else { return nil }
            size = Int64(bitPattern: UInt64(u32(header, 8)) << 32 | UInt64(u32(header, 12)))
            guard size >= 16 else { return nil }
        } else if small == 0 {
            size = fileSize - offset
        } else if small < 8 {
            return nil
        }
        guard size <= fileSize - offset else { return nil }
        return Box(type: String(decoding: header[4..<8], as: UTF8.self), offset: offset, size: size)
    }

    /// The patches for a whole video of `size` bytes, read through `read`: its top-level boxes
    /// walked from the start (a header each), and only `moov` and `uuid` read whole. Nil when it
    /// cannot be read through to its end or keeps places in its samples.
    public static func patches(size: Int64, read: (Range<Int64>) async throws -> [UInt8]) async -> [GPSRedaction.Patch]? {
        var patches: [GPSRedaction.Patch] = []
        var offset: Int64 = 0
        for _ in 0..<1_024 {
            if offset == size { return patches }
            guard let header = try? await read(offset..<min(size, offset + 16)),
                  let box = box(header: header, at: offset, fileSize: size) else { return nil }
            if box.type == "moov" || box.type == "uuid" {
                guard box.size <= largestBox, let bytes = try? await read(box.offset..<box.offset + box.size), bytes.count == Int(box.size),
                      let found = self.patches(bytes, at: box.offset) else { return nil }
                patches += found
            }
            offset += box.size
        }
        return nil
    }

    /// The same for a video held whole in memory.
    public static func patches(file: [UInt8]) -> [GPSRedaction.Patch]? {
        var patches: [GPSRedaction.Patch] = []
        var offset = 0
        for _ in 0..<1_024 {
            if offset == file.count { return patches }
            guard let box = box(header: Array(file[offset..<min(file.count, offset + 16)]), at: Int64(offset), fileSize: Int64(file.count))
            else { return nil }
            if box.type == "moov" || box.type == "uuid" {
                guard box.size <= largestBox, let found = self.patches(Array(file[offset..<offset + Int(box.size)]), at: box.offset) else { return nil }
                patches += found
            }
            offset += Int(box.size)
        }
        return nil
    }

    /// The patches for the `moov` box (or a `uuid` box) whose bytes are `bytes`, at `offset` in
    /// the file; nil when the video says where it was in a way that cannot be taken out.
    public static func patches(_ bytes: [UInt8], at offset: Int64) -> [GPSRedaction.Patch]? {
        bytes.withUnsafeBufferPointer { buffer -> [GPSRedaction.Patch]? in
            var walk = Walk(data: JPEGHeader.Reader(bytes: buffer))
            guard bytes.count >= 8 else { return [] }
            let type = walk.type(at: 4)
            if type == "uuid" {
                if bytes.count >= 24, walk.data.starts(with: xmpUUID, at: 8) { walk.xmp(24..<bytes.count) }
            } else {
                walk.children(of: 0..<bytes.count, headerLength: 8, depth: 0)
            }
            guard !walk.unredactable else { return nil }
            return walk.out.map { GPSRedaction.Patch(offset: Int(offset) + $0.offset, bytes: $0.bytes) }
        }
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A walk down the boxes of one box, collecting patches.
    private struct Walk {
        let data: JPEGHeader.Reader
        var out: [GPSRedaction.Patch] = []
        var unredactable = false
        var boxes = 0
        /// The indexes (from 1) of `mdta` keys that name a location, per `meta` box walked.
        var locationKeys: Set<Int> = []

        init(data: JPEGHeader.Reader) { self.data = data }

        func type(at: Int) -> String { String(decoding: data.slice(at..<at + 4), as: UTF8.self) }

        /// The boxes inside `range` after its header of `headerLength` bytes, each visited.
        mutating func children(of range: Range<Int>, headerLength: Int, depth: Int) {
            guard depth < 12, range.count >= headerLength else { return }
            var at = range.lowerBound + headerLength
            while at + 8 <= range.upperBound, boxes < 20_000 {
                boxes += 1
                var size = data.u32(at, bigEndian: true), header = 8
                if size == 1 {
                    guard at + 16 <= range.upperBound, data.u32(at + 8, bigEndian: true) == 0 else { return }
                    size = data.u32(at + 12, bigEndian: true)
                    header = 16
                } else if size == 0 {
                    size = range.upperBound - at
                }
                guard size >= header, size <= range.upperBound - at else { return }
                visit(at..<at + size, header: header, depth: depth + 1)
                at += size
            }
        }

        mutating func visit(_ box: Range<Int>, header: Int, depth: Int) {
            let type = type(at: box.lowerBound + 4)
            let body = box.lowerBound + header..<box.upperBound
            switch type {
            case "moov", "trak", "mdia", "minf", "stbl", "udta", "edts", "dinf":
                children(of: box, headerLength: header, depth: depth)
            case "meta":
                // QuickTime's meta holds boxes at once; ISO's (a full box) after 4 bytes of version and flags.
                let saved = locationKeys
                locationKeys = []
                let iso = body.count >= 12 && data.u32(body.lowerBound, bigEndian: true) == 0
                    && (8...body.count - 4).contains(data.u32(body.lowerBound + 4, bigEndian: true))
                children(of: box, headerLength: header + (iso ? 4 : 0), depth: depth)
                locationKeys = saved
            case "keys":
                keys(body)
            case "ilst":
                items(body, depth: depth)
            case "loci":
                blank(box)
            case "XMP_":
                xmp(body)
            case "stsd":
                sampleEntries(body)
            default:
                if isXYZ(box.lowerBound + 4) { blank(box) }
            }
        }

        /// Whether the four bytes at `at` are `©xyz` (its `©` one byte, 0xA9, in the file).
        func isXYZ(_ at: Int) -> Bool {
            data[at] == 0xA9 && data[at + 1] == 0x78 && data[at + 2] == 0x79 && data[at + 3] == 0x7A
        }

        /// A box made a `free` box of zeros, its size kept.
        mutating func blank(_ box: Range<Int>) {
            out.append(GPSRedaction.Patch(offset: box.lowerBound + 4, bytes: Array("free".utf8)))
            if box.count > 8 { out.append(GPSRedaction.Patch(offset: box.lowerBound + 8, bytes: [UInt8](repeating: 0, count: box.count - 8))) }
        }

        /// `keys`: version and flags, a count, then each key as size, namespace and name.
        mutating func keys(_ body: Range<Int>) {
            guard body.count >= 8 else { return }
            let count = data.u32(body.lowerBound + 4, bigEndian: true)
            var at = body.lowerBound + 8
            for index in 1...max(1, min(count, 4_096)) where count > 0 {
                let size = data.u32(at, bigEndian: true)
                guard size >= 8, size <= body.upperBound - at else { return }
                let name = String(decoding: data.slice(at + 8..<at + size), as: UTF8.self).lowercased()
                if name.contains("location") || name.contains("gps") { locationKeys.insert(index) }
                at += size
            }
        }

        /// `ilst`: one box per item, its type the key's index, holding `data` boxes whose values
        /// (after 8 bytes of type and locale) are blanked for a location key.
        mutating func items(_ body: Range<Int>, depth: Int) {
            var at = body.lowerBound
            while at + 8 <= body.upperBound, boxes < 20_000 {
                boxes += 1
                let size = data.u32(at, bigEndian: true)
                guard size >= 8, size <= body.upperBound - at else { return }
                let index = data.u32(at + 4, bigEndian: true)
                if locationKeys.contains(index) || isXYZ(at + 4) {
                    var inner = at + 8
                    while inner + 16 <= at + size {
                        let length = data.u32(inner, bigEndian: true)
                        guard length >= 8, length <= at + size - inner else { break }
                        if type(at: inner + 4) == "data", length > 16 {
                            out.append(GPSRedaction.Patch(offset: inner + 16, bytes: [UInt8](repeating: 0x20, count: length - 16)))
                        }
                        inner += length
                    }
                }
                at += size
            }
        }

        /// `stsd`: a track whose samples are a camera's telemetry carries positions in the movie's
        /// data itself.
        mutating func sampleEntries(_ body: Range<Int>) {
            guard body.count >= 8 else { return }
            var at = body.lowerBound + 8
            for _ in 0..<min(data.u32(body.lowerBound + 4, bigEndian: true), 64) {
                let size = data.u32(at, bigEndian: true)
                guard size >= 8, size <= body.upperBound - at else { return }
                if ["gpmd", "camm"].contains(type(at: at + 4)) { unredactable = true }
                at += size
            }
        }

        mutating func xmp(_ range: Range<Int>) {
            out += GPSRedaction.xmp(data, packet: range)
        }
    }
}
