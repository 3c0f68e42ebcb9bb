import Foundation

/// The EXIF that PNG keeps in an `eXIf` chunk and WebP in an `EXIF` chunk, which ImageMagick 6
/// does not read: found by walking the container's chunk headers (a read of eight bytes each,
/// wherever the chunk is: exiftool puts PNG's after the pixels), then read as a JPEG's EXIF is
/// (`JPEGHeader.Exif`). Total: any bytes give fields or nil, through `RawBytes`' checked reads.
enum ContainerExif {
    /// The most chunks walked before giving up: far more than any real file has before its EXIF.
    static let maxChunks = 4_096

    /// The EXIF fields of a PNG or WebP, or nil when it has none that can be read.
    static func read(_ data: RawBytes, format: ImageFormat) -> JPEGHeader.Exif? {
        let block: [UInt8]?
        switch format {
        case .png: block = pngBlock(data)
        case .webp: block = webpBlock(data)
        default: return nil
        }
        guard var bytes = block else { return nil }
        // Some writers start the chunk with JPEG's APP1 signature; the TIFF header follows it.
        if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes.removeFirst(6) }
        let exif = bytes.withUnsafeBufferPointer { JPEGHeader.Exif.read(JPEGHeader.Reader(bytes: $0), tiff: 0..<$0.count) }
        return exif.orientation == nil && exif.make == nil && exif.model == nil && exif.taken == nil && exif.location == nil ? nil : exif
    }

    /// PNG: the signature, then chunks of a 4-byte big-endian length, a 4-byte type, the data and a CRC.
    private static func pngBlock(_ data: RawBytes) -> [UInt8]? {
        guard data.read(0, 8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var at = 8
        for _ in 0..<maxChunks {
            guard let header = data.read(at, 8) else { return nil }
            let length = RawFields(bytes: header, bigEndian: true).u32(0)
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if type == "eXIf" { return data.read(at + 8, length) }
            if type == "IEND" { return nil }
            guard length <= data.size else { return nil }
            at += 12 + length
        }
        return nil
    }

    /// WebP: "RIFF", a size, "WEBP", then chunks of a fourcc, a 4-byte little-endian size and the
    /// data, padded to an even length.
    private static func webpBlock(_ data: RawBytes) -> [UInt8]? {
        guard let head = data.read(0, 12), head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) else { return nil }
        var at = 12
        for _ in 0..<maxChunks {
            guard let header = data.read(at, 8) else { return nil }
            let size = RawFields(bytes: header, bigEndian: false).u32(4)
            if Array(header[0..<4]) == Array("EXIF".utf8) { return data.read(at + 8, size) }
            guard size <= data.size else { return nil }
            at += 8 + size + (size & 1)
        }
        return nil
    }
}
