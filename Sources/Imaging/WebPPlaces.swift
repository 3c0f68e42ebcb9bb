/// Where a WebP says it was taken, overwritten in place: its RIFF chunks walked (each padded to
/// an even length) to the size RIFF's header gives; `EXIF` has its GPS IFDs emptied, `XMP ` its
/// place values blanked; the chunks of the picture (`VP8 `, `VP8L`, `VP8X`, `ALPH`, `ANIM`,
/// `ANMF`, `ICCP`) are kept; any other chunk is neutralized: renamed to `plAc` (which every
/// decoder passes over) and its data zeroed. Pure and total: nil when the chunks do not hold.
enum WebPPlaces {
    private static let kept: Set<String> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]

    /// The patches for a WebP in `data`.
    static func patches(_ data: JPEGHeader.Reader) -> [GPSRedaction.Patch]? {
        guard data.count >= 12, data.starts(with: Array("RIFF".utf8), at: 0), data.starts(with: Array("WEBP".utf8), at: 8) else { return nil }
        let riff = data.u32(4, bigEndian: false)
        // RIFF's size counts from after itself; zeros may pad the file past it.
        guard riff >= 4, riff <= data.count - 8 else { return nil }
        for rest in 8 + riff..<data.count where data[rest] != 0 { return nil }
        let end = 8 + riff
        var out: [GPSRedaction.Patch] = []
        var at = 12
        for _ in 0..<100_000 {
            if at == end { return out }
            guard at <= end - 8 else { return nil }
            let size = data.u32(at + 4, bigEndian: false)
            guard size <= end - at - 8 else { return nil }
            let type = String(decoding: data.slice(at..<at + 4), as: UTF8.self)
            let body = at + 8..<at + 8 + size
            if !kept.contains(type) {
                let found: [GPSRedaction.Patch]?
                switch type {
                case "EXIF": found = TIFFPlaces.patches(data, tiff: data.after(Array("Exif\0\0".utf8), in: body) ?? body)
                case "XMP ": found = XMPPlaces.patches(data, packet: body)
                default: found = nil
                }
                if let found {
                    out += found
                } else {
                    out.append(GPSRedaction.Patch(offset: at, bytes: PNGPlaces.neutral))
                    if !body.isEmpty { out.append(GPSRedaction.Patch(offset: body.lowerBound, bytes: [UInt8](repeating: 0, count: body.count))) }
                }
            }
            // The last chunk's pad byte may be missing.
            at = min(end, body.upperBound + (size & 1))
        }
        return nil
    }
}
