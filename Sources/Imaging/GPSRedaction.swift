/// Takes where a JPEG was taken out of it, for a share link whose maker did not share places:
/// the bytes that say it, found in the header and overwritten in place, so the file keeps its
/// length and every offset in it (a download can still be served in ranges, and the picture and
/// the rest of its metadata are untouched). Every GPS IFD the EXIF reaches is emptied
/// (`TIFFPlaces`), and in XMP every place value is blanked with spaces (`XMPPlaces`). Pure and
/// total: any bytes give patches inside them, or nil when the header cannot be read through to
/// the pixels (the caller must then not hand the file out). This reads the header only: a file a
/// link hands out goes through `PlaceRedaction`, which reads all of it.
public enum GPSRedaction {
    /// Bytes to write at an offset of the file.
    public struct Patch: Sendable, Equatable {
        public var offset: Int
        public var bytes: [UInt8]
    }

    /// The patches for a JPEG whose first bytes are `head` (the whole header must be in it:
    /// `JPEGHeader.usefulPrefix` holds any camera's); nil when it is no JPEG header read through to
    /// its start of scan.
    public static func patches(_ head: [UInt8]) -> [Patch]? {
        head.withUnsafeBufferPointer { patches(JPEGHeader.Reader(bytes: $0)) }
    }

    /// `chunk`, which starts at `offset` in the file, with the patches written where they overlap it.
    public static func apply(_ patches: [Patch], to chunk: inout [UInt8], at offset: Int) {
        let end = offset + chunk.count
        for patch in patches {
            let from = max(patch.offset, offset), to = min(patch.offset + patch.bytes.count, end)
            guard from < to else { continue }
            for at in from..<to { chunk[at - offset] = patch.bytes[at - patch.offset] }
        }
    }

    private static let exifSignature = Array("Exif\0\0".utf8)
    private static let xmpSignatures = [Array("http://ns.adobe.com/xap/1.0/\0".utf8), Array("http://ns.adobe.com/xmp/extension/\0".utf8)]

    private static func patches(_ data: JPEGHeader.Reader) -> [Patch]? {
        var out: [Patch] = []
        let reached = JPEGHeader.segments(data) { marker, body in
            guard marker == 0xE1 else { return true }
            var found: [Patch]? = []
            if let tiff = data.after(exifSignature, in: body) {
                found = TIFFPlaces.patches(data, tiff: tiff)
            } else if let packet = xmpSignatures.lazy.compactMap({ data.after($0, in: body) }).first {
                found = XMPPlaces.patches(data, packet: packet)
            }
            out += found ?? []
            return found != nil
        }
        return reached ? out : nil
    }
}
