/// RAW-shaped files built at test time around a JPEG preview: the structure each camera family
/// uses to carry its preview and EXIF, with no sensor data worth the name.
public enum TestRaws {
    /// What a test RAW says about itself.
    public struct Metadata: Sendable {
        public var make: String
        public var model: String
        public var orientation: Int?
        public var taken: String?

        public init(make: String = "Photolala", model: String = "Test Camera", orientation: Int? = 1, taken: String? = "2024:05:06 07:08:09") {
            (self.make, self.model, self.orientation, self.taken) = (make, model, orientation, taken)
        }
    }

    /// A lossless-JPEG-shaped strip (SOI, then SOF3), as a CR2 or DNG stores its sensor data: never a preview.
    public static let losslessStrip: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC3, 0, 11, 8, 0, 8, 0, 16, 1, 1, 0x11, 0]
        + [UInt8](repeating: 0x55, count: 64) + [0xFF, 0xD9]

    /// A little-endian DNG: IFD0 with DNGVersion, Make, Model, Orientation, a SubIFD holding the
    /// preview as a compression-7 strip (and one holding lossless "sensor data"), and the EXIF IFD.
    public static func dng(preview: [UInt8], _ meta: Metadata = Metadata()) -> [UInt8] {
        var tiff = TIFFWriter()
        let jpeg = tiff.blob(preview), raw = tiff.blob(losslessStrip)
        let exif = tiff.ifd(meta.taken.map { [(0x9003, .ascii($0))] } ?? [])
        let previewIFD = tiff.ifd([(0x00FE, .long(1)), (0x0103, .short(7)), (0x0111, .long(jpeg)), (0x0117, .long(preview.count))])
        let rawIFD = tiff.ifd([(0x00FE, .long(0)), (0x0103, .short(7)), (0x0111, .long(raw)), (0x0117, .long(losslessStrip.count))])
        var entries: [(tag: Int, value: TIFFWriter.Value)] = [
            (0xC612, .byte([1, 4, 0, 0])), (0x010F, .ascii(meta.make)), (0x0110, .ascii(meta.model)),
            (0x014A, .longs([rawIFD, previewIFD])), (0x8769, .long(exif)),
        ]
        if let orientation = meta.orientation { entries.append((0x0112, .short(orientation))) }
        tiff.root(tiff.ifd(entries))
        return tiff.bytes
    }

    /// A big-endian NEF-like file: Make NIKON, the preview by JPEGInterchangeFormat in a SubIFD,
    /// a smaller `thumbnail` in IFD1, the date in the EXIF IFD.
    public static func nef(preview: [UInt8], thumbnail: [UInt8], _ meta: Metadata = Metadata(make: "NIKON CORPORATION", model: "NIKON Z 6")) -> [UInt8] {
        var tiff = TIFFWriter(bigEndian: true)
        let jpeg = tiff.blob(preview), thumb = tiff.blob(thumbnail)
        let exif = tiff.ifd(meta.taken.map { [(0x9003, .ascii($0))] } ?? [])
        let sub = tiff.ifd([(0x0201, .long(jpeg)), (0x0202, .long(preview.count))])
        let ifd1 = tiff.ifd([(0x0201, .long(thumb)), (0x0202, .long(thumbnail.count))])
        var entries: [(tag: Int, value: TIFFWriter.Value)] = [
            (0x010F, .ascii(meta.make)), (0x0110, .ascii(meta.model)), (0x014A, .long(sub)), (0x8769, .long(exif)),
        ]
        if let orientation = meta.orientation { entries.append((0x0112, .short(orientation))) }
        let ifd0 = tiff.ifd(entries)
        tiff.link(ifd0, next: ifd1)
        tiff.root(ifd0)
        return tiff.bytes
    }

    /// A CR2: "CR" at byte 8, IFD0 with the preview as a compression-6 strip, IFD1 a thumbnail,
    /// IFD3 the lossless sensor data.
    public static func cr2(preview: [UInt8], thumbnail: [UInt8], _ meta: Metadata = Metadata(make: "Canon", model: "Canon EOS 5D Mark IV")) -> [UInt8] {
        var tiff = TIFFWriter(canon: true)
        let jpeg = tiff.blob(preview), thumb = tiff.blob(thumbnail), raw = tiff.blob(losslessStrip)
        let exif = tiff.ifd(meta.taken.map { [(0x9003, .ascii($0))] } ?? [])
        let ifd3 = tiff.ifd([(0x0103, .short(6)), (0x0111, .long(raw)), (0x0117, .long(losslessStrip.count))])
        let ifd1 = tiff.ifd([(0x0201, .long(thumb)), (0x0202, .long(thumbnail.count))])
        var entries: [(tag: Int, value: TIFFWriter.Value)] = [
            (0x010F, .ascii(meta.make)), (0x0110, .ascii(meta.model)), (0x0103, .short(6)), (0x0111, .long(jpeg)),
            (0x0117, .long(preview.count)), (0x8769, .long(exif)),
        ]
        if let orientation = meta.orientation { entries.append((0x0112, .short(orientation))) }
        let ifd0 = tiff.ifd(entries)
        tiff.link(ifd0, next: ifd1)
        tiff.link(ifd1, next: ifd3)
        tiff.root(ifd0)
        return tiff.bytes
    }

    /// A RAF: Fujifilm's header with the preview's offset at byte 84 and its length at 88, big-endian.
    /// Fujifilm keeps the EXIF in the preview itself.
    public static func raf(preview: [UInt8]) -> [UInt8] {
        var header = Array("FUJIFILMCCD-RAW 0201FF383501".utf8) + Array("X-T3".utf8) + [UInt8](repeating: 0, count: 28)
        header += Array("0100".utf8) + [UInt8](repeating: 0, count: 20)
        let offset = 128
        header += TIFFWriter.u32(offset, true) + TIFFWriter.u32(preview.count, true)
        header += [UInt8](repeating: 0, count: offset - header.count)
        return header + preview
    }
}
