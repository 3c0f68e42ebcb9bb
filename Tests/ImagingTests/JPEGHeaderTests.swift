import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Reading JPEG headers in Swift")
struct JPEGHeaderTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// JPEGs as cameras and other tools write them: big- and little-endian EXIF, every orientation,
    /// progressive, grayscale, XMP and IPTC keywords, an XMP rating, and no metadata at all.
    private func variants() throws -> [String] {
        var paths: [String] = []
        for orientation in 1...8 {
            paths.append(try workspace.taggedJPEG("o\(orientation).jpg", orientation: orientation))
        }
        let plain = try workspace.convert("plain.jpg", ["-size", "333x211", "plasma:", "-strip"])
        let progressive = try workspace.convert("progressive.jpg", ["-size", "1200x900", "gradient:", "-interlace", "JPEG"])
        let gray = try workspace.convert("gray.jpg", ["-size", "64x48", "gradient:", "-colorspace", "Gray"])
        let curated = try workspace.convert("curated.jpg", ["-size", "200x100", "xc:teal"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-XMP-xmp:Rating=4", "-XMP-dc:Subject=Beach", "-XMP-dc:Subject=Kids",
                                  "-IPTC:Keywords=Holiday", "-IPTC:Keywords=beach", "-ExifByteOrder=II-", "-Make=  NIKON CORPORATION ",
                                  "-Model=Z 6", "-DateTimeOriginal=2019:12:31 23:59:59", curated])
        let motorola = try workspace.convert("motorola.jpg", ["-size", "120x80", "xc:orange"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-ExifByteOrder=MM", "-Make=Google", "-Model=Pixel 8",
                                  "-Orientation#=8", "-DateTimeOriginal=2024:02:29 08:00:00", motorola])
        // Positions, as phones write them: north and east in Intel order, south and west in Motorola
        // order, and the 0°, 0° of a camera without a fix.
        let paris = try workspace.convert("paris.jpg", ["-size", "90x60", "xc:navy"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-ExifByteOrder=II", "-GPSLatitude=48.858370", "-GPSLatitudeRef=N",
                                  "-GPSLongitude=2.294481", "-GPSLongitudeRef=E", paris])
        let lima = try workspace.convert("lima.jpg", ["-size", "90x60", "xc:olive"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-ExifByteOrder=MM", "-GPSLatitude=12.046374", "-GPSLatitudeRef=S",
                                  "-GPSLongitude=77.042793", "-GPSLongitudeRef=W", lima])
        let nowhere = try workspace.convert("nowhere.jpg", ["-size", "90x60", "xc:gray"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-GPSLatitude=0", "-GPSLatitudeRef=N", "-GPSLongitude=0",
                                  "-GPSLongitudeRef=E", nowhere])
        // A date in XMP alone, as an editor's export writes it, with its zone.
        let exported = try workspace.convert("exported.jpg", ["-size", "90x60", "xc:plum"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-XMP-exif:DateTimeOriginal=2020:05:06 07:08:09+02:00", exported])
        paths += [plain, progressive, gray, curated, motorola, paris, lima, nowhere, exported]
        return paths
    }

    @Test("reads exactly what ImageMagick's ping reads")
    func matchesImageMagick() throws {
        for path in try variants() {
            let header = Array(try workspace.bytes(path).prefix(JPEGHeader.usefulPrefix))
            let ours = try #require(JPEGHeader.probe(header), "\(path)")
            let theirs = try Imaging.probeHere(fileAt: path, format: .jpeg)
            #expect(ours == theirs, "\(path)")
        }
    }

    @Test("reads the metadata other tools write")
    func readsCuration() throws {
        let paths = try variants()
        let curated = try #require(JPEGHeader.probe(try workspace.bytes(paths[11])))
        #expect(curated.rating == 4)
        #expect(curated.keywords == ["Beach", "Kids", "Holiday"])
        #expect(curated.cameraMake == "NIKON CORPORATION")
        #expect(curated.takenAt == Date(timeIntervalSince1970: 1_577_836_799))
        let motorola = try #require(JPEGHeader.probe(try workspace.bytes(paths[12])))
        #expect(motorola.orientation == 8)
        #expect(motorola.displayWidth == 80)
        let plain = try #require(JPEGHeader.probe(try workspace.bytes(paths[8])))
        #expect(plain == ImageProbe(format: .jpeg, width: 333, height: 211))
    }

    @Test("reads where a photo was taken, north, south, east and west, and not a camera's 0°, 0°")
    func readsPositions() throws {
        let paths = try variants()
        let paris = try #require(JPEGHeader.probe(try workspace.bytes(paths[13]))?.location)
        #expect(abs(paris.latitude - 48.858370) < 1e-6 && abs(paris.longitude - 2.294481) < 1e-6)
        let lima = try #require(JPEGHeader.probe(try workspace.bytes(paths[14]))?.location)
        #expect(abs(lima.latitude + 12.046374) < 1e-6 && abs(lima.longitude + 77.042793) < 1e-6)
        #expect(try #require(JPEGHeader.probe(try workspace.bytes(paths[15]))).location == nil)
        #expect(try #require(JPEGHeader.probe(try workspace.bytes(paths[11]))).location == nil)
    }

    @Test("a date in XMP alone is the date taken, the camera's clock kept and its zone dropped")
    func readsXMPDates() throws {
        let exported = try #require(JPEGHeader.probe(try workspace.bytes(try variants()[16])))
        #expect(exported.takenAt == Date(timeIntervalSince1970: 1_588_748_889))
        #expect(XMPDate.parse("2019-12-31") == Date(timeIntervalSince1970: 1_577_750_400))
        #expect(XMPDate.parse("2019-12-31T23:59") == Date(timeIntervalSince1970: 1_577_836_740))
        #expect(XMPDate.parse("2019-12-31T23:59:59.25-05:00") == Date(timeIntervalSince1970: 1_577_836_799))
        for bad in ["", "2019", "2019-13-01", "2019/12/31", "2019-12-31X23:59", "2019-12-31T2", "2019-02-30T00:00:00"] {
            #expect(XMPDate.parse(bad) == nil, "\(bad)")
        }
        // an element, and the first name that reads as a date wins
        let packet = Array("<x><xmp:CreateDate>bad</xmp:CreateDate><photoshop:DateCreated>2001-02-03</photoshop:DateCreated></x>".utf8)
        #expect(XMPDate.taken(inXMP: packet) == Date(timeIntervalSince1970: 981_158_400))
    }

    @Test("an XMP rating is found as an attribute or an element, and not under another name")
    func xmpRatingForms() {
        #expect(EmbeddedCuration.ratingText(inXMP: Array(#"<rdf:Description xmp:Rating="3" xmp:Label="x"/>"#.utf8)) == "3")
        #expect(EmbeddedCuration.ratingText(inXMP: Array("<rdf:Description>\n <xmp:Rating> 5 </xmp:Rating>".utf8)) == "5")
        #expect(EmbeddedCuration.ratingText(inXMP: Array(#"<d MicrosoftPhoto:Rating="99" xmp:RatingX="1"/>"#.utf8)) == nil)
    }

    @Test("every cut of a real header answers nil or the whole truth, never a crash")
    func truncatedHeaders() throws {
        let bytes = try workspace.bytes(try variants()[11])
        let whole = try #require(JPEGHeader.probe(bytes))
        var sawNil = false
        for length in stride(from: 0, to: min(bytes.count, 4_000), by: 7) {
            let cut = JPEGHeader.probe(Array(bytes.prefix(length)))
            if cut == nil { sawNil = true } else { #expect(cut == whole) }
        }
        #expect(sawNil)
    }

    @Test("damaged segment lengths and IFD offsets are refused or ignored, never read past the end")
    func hostileHeaders() throws {
        let bytes = try workspace.bytes(try variants()[11])
        var generator = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<2_000 {
            var damaged = Array(bytes.prefix(3_000))
            for _ in 0..<4 { damaged[Int.random(in: 2..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let probe = JPEGHeader.probe(damaged) {
                #expect(probe.width > 0 && probe.height > 0)
            }
        }
        #expect(JPEGHeader.probe([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) == nil)
        #expect(JPEGHeader.probe(Array("not a jpeg at all".utf8)) == nil)
        // A frame whose height comes later (DNL) is left to ImageMagick.
        #expect(JPEGHeader.probe([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x00, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xDA, 0x00, 0x02]) == nil)
    }

    @Test("segments shorter than their signature are skipped, never sliced past (the 76-byte JPEG)")
    func segmentsShorterThanTheirSignature() {
        // given: an APP1 of length 6 holds only "Exif"; its "\0\0" spills into the next bytes
        let shortExif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0xFF, 0xDB, 0x00, 0x43, 0x00]
            + [UInt8](repeating: 0x01, count: 59)
        // and the same for an XMP packet and a Photoshop IPTC block cut short of their signatures
        func segment(_ marker: UInt8, _ signature: String, keep: Int) -> [UInt8] {
            let body = Array(signature.utf8)
            return [0xFF, 0xD8, 0xFF, marker, 0x00, UInt8(2 + keep)] + body + [0xFF, 0xD9]
        }
        let shortXMP = segment(0xE1, "http://ns.adobe.com/xap/1.0/\u{0}", keep: 10)
        let shortIPTC = segment(0xED, "Photoshop 3.0\u{0}", keep: 5)
        // when / then: each is read without a trap and answers nil (left to ImageMagick)
        #expect(shortExif.count == 76)
        #expect(JPEGHeader.probe(shortExif) == nil)
        #expect(JPEGHeader.probe(shortXMP) == nil)
        #expect(JPEGHeader.probe(shortIPTC) == nil)
        // and every prefix of each, too
        for bytes in [shortExif, shortXMP, shortIPTC] {
            for end in 0...bytes.count { _ = JPEGHeader.probe(Array(bytes[..<end])) }
        }
    }

    @Test("a segment shorter than its signature is skipped, and the frame after it still read")
    func segmentsShorterThanTheirSignatureBeforeAFrame() throws {
        // given: APP1/APP13 segments whose length covers only part of their signature, the rest spilling on
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00]
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        func jpeg(_ marker: UInt8, _ signature: String, covering covered: Int) -> [UInt8] {
            [0xFF, 0xD8, 0xFF, marker, 0x00, UInt8(covered + 2)] + Array(signature.utf8) + frame + scan
        }
        let crasher = try workspace.bytes(FuzzCorpus.path("jpeg-header/crash-exif-segment-shorter-than-signature.jpg"))
        // when / then: nothing traps, and the spilled bytes are not a marker, so the header is left to ImageMagick
        #expect(JPEGHeader.probe(crasher) == nil)
        #expect(JPEGHeader.probe(jpeg(0xE1, "Exif\0\0", covering: 4)) == nil)
        #expect(JPEGHeader.probe(jpeg(0xE1, "http://ns.adobe.com/xap/1.0/\0", covering: 10)) == nil)
        #expect(JPEGHeader.probe(jpeg(0xED, "Photoshop 3.0\0", covering: 9)) == nil)
        // an EXIF segment that holds its signature and nothing else is read as no EXIF at all
        #expect(JPEGHeader.probe(jpeg(0xE1, "Exif\0\0", covering: 6)) == ImageProbe(format: .jpeg, width: 16, height: 16))
    }

    @Test("one read sniffs, hashes and keeps the header")
    func examineReadsOnce() throws {
        let path = try workspace.taggedJPEG()
        let examined = try ContentHasher.examine(fileAt: path)
        #expect(examined.format == .jpeg)
        #expect(examined.identity == (try ContentHasher.identity(ofFileAt: path)))
        #expect(examined.header == (try workspace.bytes(path)))
        let big = try workspace.write("big.jpg", [0xFF, 0xD8, 0xFF] + (0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let large = try ContentHasher.examine(fileAt: big)
        #expect(large.identity == (try ContentHasher.identity(ofFileAt: big)))
        #expect(large.header.count == JPEGHeader.usefulPrefix)
        let text = try workspace.write("notes.jpg", Array("just some text".utf8))
        let notImage = try ContentHasher.examine(fileAt: text)
        #expect(notImage.format == nil && notImage.identity == nil)
    }

    @Test("files opened ahead read as files opened when read; a file that cannot be opened is still reported")
    func readAheadReadsTheSame() throws {
        let small = try workspace.taggedJPEG()
        // Larger than the part asked for ahead: the rest is read as it is hashed.
        let big = try workspace.write("ahead.jpg", [0xFF, 0xD8, 0xFF] + (0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let missing = workspace.path("missing.jpg")
        let ahead = ReadAhead(paths: [small, big, missing, small], bytes: 64 * 1024)
        for path in [big, small] {
            let opened = try ContentHasher.examine(fileAt: path, ahead: ahead)
            let plain = try ContentHasher.examine(fileAt: path)
            #expect(opened.identity == plain.identity && opened.header == plain.header && opened.format == plain.format)
        }
        // Taken once: a second look opens the file anew.
        #expect(try ContentHasher.examine(fileAt: small, ahead: ahead).identity == (try ContentHasher.identity(ofFileAt: small)))
        #expect(throws: ImagingError.self) { try ContentHasher.examine(fileAt: missing, ahead: ahead) }
    }
}
