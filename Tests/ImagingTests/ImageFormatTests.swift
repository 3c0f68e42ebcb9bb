import Testing

@testable import Imaging

@Suite("Sniffing formats from bytes")
struct ImageFormatTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("recognises every format convert writes", arguments: [
        ("a.jpg", ImageFormat.jpeg), ("a.png", .png), ("a.gif", .gif), ("a.webp", .webp), ("a.tiff", .tiff),
    ])
    func recognisesWrittenFormats(name: String, expected: ImageFormat) throws {
        // given
        let path = try workspace.convert(name, ["-size", "32x24", "gradient:red-blue"])
        // when
        let sniffed = try ImageFormat.sniff(fileAt: path)
        // then
        #expect(sniffed == expected)
    }

    @Test("recognises BigTIFF in both byte orders, and ImageMagick reads it")
    func recognisesBigTIFF() throws {
        // given a BigTIFF as ImageMagick writes it (little-endian), and its header turned big-endian
        let path = workspace.path("big.tif")
        try Tool.run("convert", ["-size", "64x48", "gradient:red-blue", "TIFF64:" + path])
        let bytes = try workspace.bytes(path)
        // when it is sniffed and probed
        // then it is a TIFF, with its size; and a big-endian BigTIFF header is one too
        #expect(Array(bytes.prefix(4)) == [0x49, 0x49, 0x2B, 0x00])
        #expect(try ImageFormat.sniff(fileAt: path) == .tiff)
        let probe = try Imaging.probeHere(fileAt: path, format: .tiff)
        #expect(probe.width == 64 && probe.height == 48)
        #expect(ImageFormat.sniff([0x4D, 0x4D, 0x00, 0x2B, 0x00, 0x08, 0x00, 0x00] + Array(repeating: 0, count: 24)) == .tiff)
        #expect(ImageFormat.sniff([0x49, 0x49, 0x2B, 0x00, 0x04, 0x00, 0x00, 0x00] + Array(repeating: 0, count: 24)) == nil)
    }

    @Test("recognises HEIC", .enabled(if: Tool.canWriteHEIC, "convert cannot write HEIC here"))
    func recognisesHEIC() throws {
        // given
        let path = try workspace.convert("a.heic", ["-size", "64x48", "gradient:red-blue"])
        // when
        let sniffed = try ImageFormat.sniff(fileAt: path)
        // then
        #expect(sniffed == .heic)
    }

    @Test("refuses what is not an image we accept", arguments: [
        ("text", Array("hello, this is not a picture at all\n".utf8)),
        ("empty", []),
        ("random bytes", (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
        ("truncated JPEG", [0xFF, 0xD8]),
        ("truncated PNG", [0x89, 0x50, 0x4E, 0x47]),
        ("GIF without version", Array("GIF8".utf8)),
        ("RIFF but WAVE", Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)),
    ] as [(String, [UInt8])])
    func refusesNonImages(label: String, bytes: [UInt8]) throws {
        // given
        let path = try workspace.write(label, bytes)
        // when
        let fromBytes = ImageFormat.sniff(bytes)
        let fromFile = try ImageFormat.sniff(fileAt: path)
        // then
        #expect(fromBytes == nil)
        #expect(fromFile == nil)
    }

    @Test("recognises AVIF by its brands, apart from HEIC")
    func avifByItsBrands() {
        // given an AVIF still, an AVIF sequence, and a HEIF box whose brands name neither
        let still: [UInt8] = [0, 0, 0, 0x1C] + Array("ftypavif\u{0}\u{0}\u{0}\u{0}avifmif1miaf".utf8)
        let sequence: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmsf1\u{0}\u{0}\u{0}\u{0}msf1avis".utf8)
        let neither: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmif1\u{0}\u{0}\u{0}\u{0}mif1miaf".utf8)
        // then
        #expect(ImageFormat.sniff(still) == .avif && ImageFormat.sniff(sequence) == .avif)
        #expect(ImageFormat.avif.mimeType == "image/avif" && ImageFormat.avif.kind == .photo)
        #expect(ImageFormat.sniff(neither) == nil)
    }

    @Test("recognises HEIC by a compatible brand when the major brand is mif1")
    func heicByCompatibleBrand() {
        // given
        let header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmif1\u{0}\u{0}\u{0}\u{0}mif1heic".utf8)
        // when
        let sniffed = ImageFormat.sniff(header[...])
        // then
        #expect(sniffed == .heic)
    }

    @Test("a missing file is unreadable")
    func missingFile() {
        // given
        let path = workspace.path("nope.jpg")
        // when / then
        #expect(throws: ImagingError.unreadable("cannot open file")) {
            try ImageFormat.sniff(fileAt: path)
        }
    }

    @Test("names MIME types and coders")
    func namesTypesAndCoders() {
        // given
        let formats = ImageFormat.allCases
        // when
        let mimeTypes = formats.map(\.mimeType)
        let coders = formats.map(\.magickCoder)
        // then
        #expect(mimeTypes == ["image/jpeg", "image/png", "image/gif", "image/webp", "image/tiff", "image/heic", "image/avif",
                              "video/mp4", "video/quicktime", "video/x-m4v", "video/3gpp", "video/webm", "video/x-matroska",
                              "video/x-msvideo", "image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-nikon-nef",
                              "image/x-sony-arw", "image/x-fuji-raf", "image/x-olympus-orf", "image/x-panasonic-rw2", "image/x-pentax-pef"])
        #expect(coders == ["JPEG", "PNG", "GIF", "WEBP", "TIFF", "HEIC", "AVIF"] + [String?](repeating: nil, count: 16))
    }
}
