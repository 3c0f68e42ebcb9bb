/// Takes where a video was shot out of it, for a share link whose maker did not share places, as
/// `GPSRedaction` does for a JPEG: the bytes that say it are found in its boxes (at any
/// level) and overwritten in place, so the file keeps its length and every offset (it
/// still plays, and is still served in ranges). QuickTime's `©xyz` and 3GPP's `loci` boxes become
/// `free` boxes of zeros wherever they are (`udta` at the top, in `moov` or in a track, `meta`
/// at any level); the values of the `mdta` metadata whose key names a location (Apple's
/// `com.apple.quicktime.location.ISO6709` and its kin) become spaces; in XMP (`XMP_`, an XMP
/// `uuid` box at any level) every place value becomes spaces (`XMPPlaces`). A video that may keep
/// places in its samples (a track whose handler is `meta` or not known, a sample entry that is no
/// known picture, sound, text or timecode format: a GoPro's `gpmd`, `camm`, Apple's `mebx`), or
/// holds a top-level or `uuid` box not known, cannot be made placeless this way: nil, and the
/// caller does not hand it out. Pure and total: any bytes give patches inside them, or nil.
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

    /// What a top-level box is to the walk: read whole and walked, passed over, or not known.
    enum TopLevel { case walked, passed, unknown }

    /// Top-level boxes that may say where (read whole and walked) and those that never do (the
    /// media data, free space, indexes); any other top-level box is not known, and the video is refused.
    static func topLevel(_ type: String) -> TopLevel {
        switch type {
        case "moov", "udta", "meta", "uuid", "moof": .walked
        case "ftyp", "mdat", "free", "skip", "wide", "sidx", "ssix", "styp", "mfra", "pdin", "prft", "emsg": .passed
        default: .unknown
        }
    }

    /// The patches for a whole video of `size` bytes, read through `read`: its top-level boxes
    /// walked from the start (a header each), and those that may say where read whole. Nil when
    /// it cannot be read through to its end, holds a box not known, or keeps places in its samples.
    public static func patches(size: Int64, read: (Range<Int64>) async throws -> [UInt8]) async -> [GPSRedaction.Patch]? {
        var patches: [GPSRedaction.Patch] = []
        var offset: Int64 = 0
        for _ in 0..<4_096 {
            if offset == size { return patches }
            guard let header = try? await read(offset..<min(size, offset + 16)),
                  let box = box(header: header, at: offset, fileSize: size) else { return nil }
            switch topLevel(box.type) {
            case .unknown: return nil
            case .passed: break
            case .walked:
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
        for _ in 0..<4_096 {
            if offset == file.count { return patches }
            guard let box = box(header: Array(file[offset..<min(file.count, offset + 16)]), at: Int64(offset), fileSize: Int64(file.count))
            else { return nil }
            switch topLevel(box.type) {
            case .unknown: return nil
            case .passed: break
            case .walked:
                guard box.size <= largestBox, let found = self.patches(Array(file[offset..<offset + Int(box.size)]), at: box.offset) else { return nil }
                patches += found
            }
            offset += Int(box.size)
        }
        return nil
    }

    /// The patches for one top-level box (`moov`, `udta`, `meta`, `uuid`, `moof`) whose bytes are
    /// `bytes`, at `offset` in the file; nil when the video says where it was in a way that
    /// cannot be taken out.
    public static func patches(_ bytes: [UInt8], at offset: Int64) -> [GPSRedaction.Patch]? {
        bytes.withUnsafeBufferPointer { buffer -> [GPSRedaction.Patch]? in
            var walk = Walk(data: JPEGHeader.Reader(bytes: buffer))
            guard bytes.count >= 8 else { return [] }
            let header = walk.data.u32(0, bigEndian: true) == 1 ? 16 : 8
            guard bytes.count >= header else { return nil }
            walk.visit(0..<bytes.count, header: header, depth: 0, parent: "")
            guard !walk.unredactable, walk.harmlessMetadataTracks >= walk.metadataTracks else { return nil }
            return walk.out.map { GPSRedaction.Patch(offset: Int(offset) + $0.offset, bytes: $0.bytes) }
        }
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
