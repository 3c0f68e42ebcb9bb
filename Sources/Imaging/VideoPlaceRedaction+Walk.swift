extension VideoPlaceRedaction {
    /// Track handlers whose samples say nothing of where: pictures, sound, text, subtitles, timecode.
    static let knownHandlers: Set<String> = ["vide", "soun", "text", "sbtl", "subt", "tmcd", "clcp", "hint"]
    /// Keys of timed metadata (`mebx`) an iPhone writes that say nothing of where: a Live Photo's
    /// still time and its info, the video's orientation, faces found. Any other key withholds the
    /// movie (a location may be among them).
    static let harmlessMetadataKeys: Set<String> = [
        "com.apple.quicktime.live-photo-info", "com.apple.quicktime.still-image-time", "com.apple.quicktime.video-orientation",
        "com.apple.quicktime.detected-face", "com.apple.quicktime.detected-face.bounds", "com.apple.quicktime.detected-face.face-id",
        "com.apple.quicktime.detected-face.roll-angle", "com.apple.quicktime.detected-face.yaw-angle",
        "com.apple.quicktime.live-photo.vitality-score", "com.apple.quicktime.live-photo.vitality-scoring-version",
    ]
    /// Sample entries of pictures, sound, text and timecode; any other (`gpmd`, `camm`, `mebx`,
    /// `mett`, an encrypted `encv`) may carry positions in the samples.
    static let knownSampleEntries: Set<String> = [
        "avc1", "avc3", "hvc1", "hev1", "dvh1", "dvhe", "dva1", "dvav", "av01", "vp08", "vp09", "mp4v", "s263", "h263", "jpeg", "mjpa", "mjpb",
        "apcn", "apch", "apcs", "apco", "ap4h", "ap4x", "mp4a", "ac-3", "ec-3", "ac-4", "alac", "Opus", "fLaC", "samr", "sawb", "sowt",
        "twos", "lpcm", "ipcm", "fpcm", "raw ", "in24", "in32", "fl32", "fl64", "ulaw", "alaw", ".mp3", "mp3 ", "tx3g", "text", "c608",
        "c708", "wvtt", "stpp", "tmcd", "rtp ",
    ]

    /// A walk down the boxes of one box, collecting patches.
    struct Walk {
        let data: JPEGHeader.Reader
        var out: [GPSRedaction.Patch] = []
        var unredactable = false
        /// Tracks of timed metadata met, and those whose every key is known to say nothing of
        /// where (an iPhone's Live Photo and orientation keys): the walk vouches for the movie
        /// only when they are as many.
        var metadataTracks = 0, harmlessMetadataTracks = 0
        var boxes = 0
        /// The indexes (from 1) of `mdta` keys that name a location, per `meta` box walked.
        var locationKeys: Set<Int> = []

        init(data: JPEGHeader.Reader) { self.data = data }

        func type(at: Int) -> String { String(decoding: data.slice(at..<at + 4), as: UTF8.self) }

        /// The boxes inside `range` after its header of `headerLength` bytes, each visited.
        mutating func children(of range: Range<Int>, headerLength: Int, depth: Int) {
            guard depth < 12, range.count >= headerLength else { unredactable = depth >= 12; return }
            let parent = type(at: range.lowerBound + 4)
            var at = range.lowerBound + headerLength
            while at + 8 <= range.upperBound {
                // More boxes than any real movie has: what hides behind them is not known.
                guard boxes < 20_000 else { unredactable = true; return }
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
                visit(at..<at + size, header: header, depth: depth + 1, parent: parent)
                at += size
            }
        }

        mutating func visit(_ box: Range<Int>, header: Int, depth: Int, parent: String) {
            let type = type(at: box.lowerBound + 4)
            let body = box.lowerBound + header..<box.upperBound
            switch type {
            case "moov", "trak", "mdia", "minf", "stbl", "udta", "edts", "dinf", "moof", "traf", "mvex":
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
            case "xml ":
                // ISO's XML in a `meta` box (a full box): may be XMP.
                if body.count >= 4 { xmp(body.lowerBound + 4..<body.upperBound) }
            case "bxml":
                // Binary XML is not read here.
                unredactable = true
            case "stsd":
                sampleEntries(body)
            case "hdlr" where parent == "mdia":
                // A track's kind: one of timed metadata, or of a kind not known, may hold positions.
                let handler = self.type(at: body.lowerBound + 8)
                if handler == "meta" {
                    metadataTracks += 1
                } else if !VideoPlaceRedaction.knownHandlers.contains(handler) {
                    unredactable = true
                }
            case "uuid":
                if body.count >= 16, data.starts(with: VideoPlaceRedaction.xmpUUID, at: body.lowerBound) {
                    xmp(body.lowerBound + 16..<body.upperBound)
                } else {
                    unredactable = true
                }
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
            // Keys past those read could name a location an item then holds.
            guard count <= 4_096 else { unredactable = true; return }
            var at = body.lowerBound + 8
            for index in 1...max(1, count) where count > 0 {
                let size = data.u32(at, bigEndian: true)
                guard size >= 8, size <= body.upperBound - at else { return }
                let name = String(decoding: data.slice(at + 8..<at + size), as: UTF8.self).lowercased()
                if ["location", "gps", "latitude", "longitude", "coordinates", "city", "country"].contains(where: name.contains) {
                    locationKeys.insert(index)
                }
                at += size
            }
        }

        /// `ilst`: one box per item, its type the key's index, holding `data` boxes whose values
        /// (after 8 bytes of type and locale) are blanked for a location key.
        mutating func items(_ body: Range<Int>, depth: Int) {
            var at = body.lowerBound
            while at + 8 <= body.upperBound {
                guard boxes < 20_000 else { unredactable = true; return }
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
            let count = data.u32(body.lowerBound + 4, bigEndian: true)
            guard count <= 64 else { unredactable = true; return }
            for _ in 0..<count {
                let size = data.u32(at, bigEndian: true)
                guard size >= 8, size <= body.upperBound - at else { return }
                let entry = type(at: at + 4)
                if entry == "mebx", harmlessKeys(at..<at + size) {
                    harmlessMetadataTracks += 1
                } else if !VideoPlaceRedaction.knownSampleEntries.contains(entry) {
                    unredactable = true
                }
                at += size
            }
        }

        /// Whether a `mebx` sample entry (timed metadata, as an iPhone writes beside a video)
        /// declares only keys known to say nothing of where: its `keys` box holds a box a key,
        /// each with a `keyd` declaring an `mdta` name. Anything else, or a name not on the list,
        /// is not vouched for.
        func harmlessKeys(_ entry: Range<Int>) -> Bool {
            // size, type, six reserved bytes and a data reference index, then boxes
            guard let keys = child("keys", of: entry.lowerBound + 16..<entry.upperBound) else { return false }
            var at = keys.lowerBound + 8, declared = 0
            while at + 8 <= keys.upperBound {
                let size = data.u32(at, bigEndian: true)
                guard size >= 8, size <= keys.upperBound - at, let keyd = child("keyd", of: at + 8..<at + size), keyd.count >= 12,
                      type(at: keyd.lowerBound + 8) == "mdta" else { return false }
                let name = String(decoding: data.slice(keyd.lowerBound + 12..<keyd.upperBound), as: UTF8.self)
                guard VideoPlaceRedaction.harmlessMetadataKeys.contains(name) else { return false }
                declared += 1
                at += size
            }
            return declared > 0 && at == keys.upperBound
        }

        /// The first box of `type` among the boxes that fill `range`, whole (its header too).
        func child(_ wanted: String, of range: Range<Int>) -> Range<Int>? {
            var at = range.lowerBound
            for _ in 0..<64 where at + 8 <= range.upperBound {
                let size = data.u32(at, bigEndian: true)
                guard size >= 8, size <= range.upperBound - at else { return nil }
                if type(at: at + 4) == wanted { return at..<at + size }
                at += size
            }
            return nil
        }

        mutating func xmp(_ range: Range<Int>) {
            guard let found = XMPPlaces.patches(data, packet: range) else { unredactable = true; return }
            out += found
        }
    }
}
