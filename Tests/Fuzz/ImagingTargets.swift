import Foundation

/// Targets for what Imaging reads from a file's own bytes, in Swift, before any decoder.
enum ImagingTargets {
    /// `JPEGHeader.probe` over a header (SOF, EXIF IFDs, XMP, IPTC), and what is planned from its
    /// sizes; and the patches that take its position out (`GPSRedaction`): inside the bytes, and
    /// leaving a header that says no position.
    static func jpegHeader(_ bytes: [UInt8]) {
        if let patches = GPSRedaction.patches(bytes) {
            check(patches.allSatisfy { $0.offset >= 0 && $0.offset + $0.bytes.count <= bytes.count }, "a patch outside the bytes")
            var clean = bytes
            GPSRedaction.apply(patches, to: &clean, at: 0)
            check(clean.count == bytes.count, "a patched header of another length")
            check(JPEGHeader.probe(clean).map { $0.location == nil } ?? true, "a position left after the patches")
        }
        guard let probe = JPEGHeader.probe(bytes) else { return }
        check((1...0xFFFF).contains(probe.width) && (1...0xFFFF).contains(probe.height), "frame \(probe.width)x\(probe.height)")
        check((1...8).contains(probe.orientation), "orientation \(probe.orientation)")
        check(probe.rating.map { (0...5).contains($0) } ?? true, "rating \(String(describing: probe.rating))")
        checkKeywords(probe.keywords)
        if let location = probe.location { onEarth(location) }
        // The sizes a hostile header claims go on into the rendition arithmetic.
        for (box, fit) in [(256, RenditionFit.cover), (512, .cover), (1600, .fit)] {
            if let hint = JPEGSizeHint.forImage(probe, boxWidth: box, boxHeight: box, fit: fit) {
                check(hint.width >= 1 && hint.height >= 1 && hint.width <= probe.width && hint.height <= probe.height, "hint \(hint)")
                let decoded = JPEGSizeHint.decodedSize(width: probe.width, height: probe.height, hint: hint)
                check(decoded.width >= hint.width && decoded.height >= hint.height, "decoded \(decoded) under \(hint)")
            }
            let plan = RenditionGeometry.plan(width: probe.displayWidth, height: probe.displayHeight, boxWidth: box, boxHeight: box, fit: fit)
            check(plan.cropX >= 0 && plan.cropY >= 0 && plan.cropWidth >= 1 && plan.cropHeight >= 1
                  && plan.cropX + plan.cropWidth <= probe.displayWidth && plan.cropY + plan.cropHeight <= probe.displayHeight,
                  "crop \(plan)")
            check((1...box).contains(plan.resizeWidth) && (1...box).contains(plan.resizeHeight), "resize \(plan)")
        }
    }

    /// The XMP rating and subject readers and the IPTC keyword reader, straight on the bytes.
    static func xmpIPTC(_ bytes: [UInt8]) {
        let rating = EmbeddedCuration.rating(EmbeddedCuration.ratingText(inXMP: bytes))
        check(rating.map { (0...5).contains($0) } ?? true, "rating \(String(describing: rating))")
        let iptc = EmbeddedCuration.iptcKeywords(bytes)
        if let date = EmbeddedCuration.iptcDate(bytes) {
            exifDateRange(date.date)
            check(date.offset.map { abs($0) <= 14 * 60 } ?? true, "an IPTC zone of \(date.offset ?? 0) minutes")
        }
        check(iptc.allSatisfy { $0.utf8.count < 0x8000 }, "an IPTC keyword longer than its length field allows")
        checkKeywords(EmbeddedCuration.keywords(EmbeddedCuration.subjects(inXMP: bytes), iptc))
        if let taken = XMPDate.taken(inXMP: bytes) { exifDateRange(taken) }
        if let point = XMPPosition.read(bytes) { precondition(abs(point.latitude) <= 90 && abs(point.longitude) <= 180) }
        let motion = MotionPhoto.clipLength(inXMP: bytes)
        check(motion.map { $0 > 8 && $0 < 1 << 40 } ?? true, "a motion clip length out of bounds: \(String(describing: motion))")
    }

    /// A sidecar read, and the household's curation merged into it: what is merged reads back as
    /// what was written, or the sidecar is left alone.
    static func xmpSidecar(_ bytes: [UInt8]) {
        let read = XMPSidecar.read(bytes)
        check(read.rating.map { (0...5).contains($0) } ?? true, "rating \(String(describing: read.rating))")
        check(read.rotation.map { [0, 90, 180, 270].contains($0) } ?? true, "a turn of \(String(describing: read.rotation))")
        let ours = XMPSidecar.Curation(rating: 2, tags: ["a & b"], caption: "<c>", rotation: 270, favoriteOf: ["ada"])
        if let merged = XMPSidecar.merged(ours, fileOrientation: 1, into: bytes) {
            let again = XMPSidecar.read(merged)
            check(again.rating == 2 && again.tags == ["a & b"] && again.caption == "<c>" && again.rotation == 270, "merged reads back otherwise")
        }
    }

    /// EXIF's "YYYY:MM:DD HH:MM:SS", from any bytes.
    static func exifDate(_ bytes: [UInt8]) {
        guard let date = ExifDate.parse(String(decoding: bytes, as: UTF8.self)) else { return }
        exifDateRange(date)
    }

    /// Format sniffing (JPEG, PNG, GIF, WebP, TIFF, HEIC's ftyp box; video: ftyp, EBML's DocType, RIFF AVI):
    /// only the first 64 bytes count.
    static func sniff(_ bytes: [UInt8]) {
        let format = ImageFormat.sniff(bytes)
        check(format == ImageFormat.sniff(bytes.prefix(ImageFormat.sniffLength)), "sniff looked past its prefix")
        if format == .jpeg { check(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG without SOI") }
        if format == .webm || format == .mkv { check(bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]), "EBML without its magic") }
        if format == .avi { check(bytes.starts(with: Array("RIFF".utf8)), "an AVI without RIFF") }
        // The EBML reader on its own, over the whole input: a printable DocType no longer than the input.
        if let docType = ImageFormat.ebmlDocType(bytes) {
            check(docType.utf8.count < bytes.count && docType.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "DocType \(docType)")
        }
    }

    /// `RawPreview.find` over a whole RAW-shaped file (TIFF IFDs in both byte orders with ORF's and
    /// RW2's magic, RAF's header, CR3's boxes), and the TIFF-based RAW sniff over its first bytes.
    static func rawPreview(_ bytes: [UInt8]) {
        let data = RawBytes(bytes)
        if let preview = RawPreview.find(in: data) {
            check(preview.offset > 0 && preview.length > 0 && preview.length <= bytes.count - preview.offset,
                  "preview \(preview.offset)+\(preview.length) outside \(bytes.count) bytes")
            check((1...0xFFFF).contains(preview.width) && (1...0xFFFF).contains(preview.height), "size \(preview.width)x\(preview.height)")
            check((1...8).contains(preview.orientation), "orientation \(preview.orientation)")
            let jpeg = preview.jpeg(in: data)
            check(jpeg?.count == preview.length && jpeg?.starts(with: [0xFF, 0xD8]) == true, "preview bytes not a JPEG")
            if let taken = preview.takenAt { exifDateRange(taken) }
        }
        let plain = ImageFormat.sniff(bytes)
        let format = ImageFormat.sniff(prefix: bytes)
        check(format == ImageFormat.sniff(prefix: bytes.prefix(ImageFormat.rawPrefixLength)), "sniff looked past its prefix")
        if plain == .tiff {
            check([.tiff, .dng, .nef, .arw, .pef].contains(format), "a TIFF sniffed as \(String(describing: format))")
        } else {
            check(format == plain, "the prefix sniff changed \(String(describing: plain)) to \(String(describing: format))")
        }
    }

    /// ffprobe's JSON as `VideoInfo` reads it (ffprobe repeats what a hostile file claims): sizes
    /// in range, a rotation in quarters, a finite positive duration, codec names in ffmpeg's alphabet.
    static func videoInfo(_ bytes: [UInt8]) {
        guard let info = VideoInfo.parse(bytes) else { return }
        check((1...VideoInfo.maxSide).contains(info.width) && (1...VideoInfo.maxSide).contains(info.height), "size \(info.width)x\(info.height)")
        check([0, 90, 180, 270].contains(info.rotation), "rotation \(info.rotation)")
        check(info.duration.map { $0.isFinite && $0 > 0 } ?? true, "duration \(String(describing: info.duration))")
        check(!info.videoCodec.isEmpty && info.videoCodec.utf8.count <= 32, "codec \(info.videoCodec)")
        if let date = info.takenAt { exifDateRange(date) }
        if let location = info.location { onEarth(location) }
    }

    /// A video's boxes walked for where it was shot: every patch lies inside the file, and a file
    /// patched once has nothing more to take out.
    static func videoPlaces(_ bytes: [UInt8]) {
        guard let patches = VideoPlaceRedaction.patches(file: bytes) else { return }
        var patched = bytes
        for patch in patches {
            check(patch.offset >= 0 && patch.offset + patch.bytes.count <= bytes.count, "a patch outside the file")
        }
        GPSRedaction.apply(patches, to: &patched, at: 0)
        check(patched.count == bytes.count, "patched to another length")
        if let again = VideoPlaceRedaction.patches(file: patched) {
            var twice = patched
            GPSRedaction.apply(again, to: &twice, at: 0)
            check(twice == patched, "a patched video has more to take out")
        }
    }

    /// `PlaceRedaction` over the bytes taken as each format it answers for: every patch lies
    /// inside the file, the patched file keeps its length and reads no position (JPEG's header,
    /// PNG's, WebP's and HEIF's EXIF). (Patching twice may take out more: a GPS pointer that
    /// points into its own IFD empties the TIFF header, which a second pass then refuses.)
    static func placeRedaction(_ bytes: [UInt8]) {
        for format in [ImageFormat.jpeg, .png, .webp, .tiff, .heic, .gif, .mp4] {
            guard let patches = PlaceRedaction.patches(format: format, file: bytes) else { continue }
            check(patches.allSatisfy { $0.offset >= 0 && $0.offset + $0.bytes.count <= bytes.count }, "a \(format) patch outside the file")
            var clean = bytes
            GPSRedaction.apply(patches, to: &clean, at: 0)
            check(clean.count == bytes.count, "a patched \(format) of another length")
            if format == .jpeg { check(JPEGHeader.probe(clean)?.location == nil, "a JPEG position left after the patches") }
            if [.png, .webp, .heic].contains(format) {
                check(ContainerExif.read(RawBytes(clean), format: format)?.location == nil, "a \(format) EXIF position left after the patches")
            }
        }
    }

    /// PNG's and WebP's chunks and HEIF's boxes and item locations walked for their EXIF, and
    /// that EXIF read, from any bytes.
    static func containerExif(_ bytes: [UInt8]) {
        for format in [ImageFormat.png, .webp] {
            if let packet = ContainerExif.xmp(RawBytes(bytes), format: format) { check(packet.count <= bytes.count, "an XMP packet longer than the file") }
        }
        for format in [ImageFormat.png, .webp, .heic] {
            guard let exif = ContainerExif.read(RawBytes(bytes), format: format) else { continue }
            // Counted in scalars: a byte that is not UTF-8 reads as U+FFFD, three bytes in UTF-8.
            check((exif.make?.unicodeScalars.count ?? 0) < bytes.count && (exif.model?.unicodeScalars.count ?? 0) < bytes.count, "a name longer than the file")
            if let location = exif.location { onEarth(location) }
        }
    }

    /// A position as ImageMagick prints EXIF's rationals, or as videos keep it (ISO 6709), from any text.
    static func geoPoint(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let point = GeoPoint.iso6709(text) { onEarth(point) }
        if let parts = GeoPoint.rationals(text) {
            check((1...3).contains(parts.count) && parts.allSatisfy { $0.isFinite && $0 >= 0 }, "rationals \(parts)")
            if let point = GeoPoint(latitude: parts, north: "S", longitude: parts, east: "W") { onEarth(point) }
        }
    }

    /// Within ±90° and ±180°, finite, and not the 0°, 0° of a camera without a fix.
    private static func onEarth(_ point: GeoPoint) {
        check(point.latitude.isFinite && point.longitude.isFinite && abs(point.latitude) <= 90 && abs(point.longitude) <= 180
              && (point.latitude != 0 || point.longitude != 0), "position \(point)")
    }

    /// Years 1 to 9999 only.
    private static func exifDateRange(_ date: Date) {
        check((-62_135_596_800...253_402_300_800).contains(date.timeIntervalSince1970), "date \(date.timeIntervalSince1970)")
    }

    /// Clean keywords: trimmed, 1 to 100 characters, unique regardless of case.
    private static func checkKeywords(_ keywords: [String]) {
        var seen = Set<String>()
        for word in keywords {
            check(!word.isEmpty && word.count <= 100, "keyword of \(word.count) characters")
            check(word.split(whereSeparator: \.isWhitespace).joined(separator: " ") == word, "keyword not trimmed")
            check(seen.insert(word.lowercased()).inserted, "keyword repeated")
        }
    }
}
