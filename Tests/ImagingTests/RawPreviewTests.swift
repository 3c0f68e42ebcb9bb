import Foundation
import TestSupport
import Testing

@testable import Imaging

@Suite("RAW files: recognised by their bytes, read for their embedded preview")
struct RawPreviewTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// A 64x48 JPEG preview, and an 8x8 thumbnail that must never win over it.
    private func previews() throws -> (preview: [UInt8], thumbnail: [UInt8]) {
        (try TestImages.jpeg(seed: 3, size: "64x48"), try TestImages.jpeg(seed: 9, size: "8x8"))
    }

    private func findPreview(_ bytes: [UInt8]) -> RawPreview? { RawPreview.find(in: RawBytes(bytes)) }

    @Test("each family is sniffed by its bytes, in memory, from a file and by the scan's examine")
    func sniffsEachFamily() throws {
        // given
        let (preview, thumbnail) = try previews()
        let sony = TestRaws.Metadata(make: "SONY", model: "ILCE-7M3"), pentax = TestRaws.Metadata(make: "RICOH IMAGING COMPANY, LTD.")
        let cases: [(String, [UInt8], ImageFormat)] = [
            ("a.dng", TestRaws.dng(preview: preview), .dng),
            ("a.nef", TestRaws.nef(preview: preview, thumbnail: thumbnail), .nef),
            ("a.arw", TestRaws.nef(preview: preview, thumbnail: thumbnail, sony), .arw),
            ("a.pef", TestRaws.nef(preview: preview, thumbnail: thumbnail, pentax), .pef),
            ("a.cr2", TestRaws.cr2(preview: preview, thumbnail: thumbnail), .cr2),
            ("a.raf", TestRaws.raf(preview: preview), .raf),
            ("a.cr3", try workspace.bytes(FuzzCorpus.path("raw-preview/cr3-boxes.cr3")), .cr3),
            ("a.orf", try workspace.bytes(FuzzCorpus.path("raw-preview/orf.orf")), .orf),
            ("a.rw2", try workspace.bytes(FuzzCorpus.path("raw-preview/rw2-jpgfromraw.rw2")), .rw2),
        ]
        for (name, bytes, format) in cases {
            // when
            let path = try workspace.write(name, bytes)
            // then
            #expect(ImageFormat.sniff(prefix: bytes) == format, "\(name)")
            #expect(try ImageFormat.sniff(fileAt: path) == format, "\(name)")
            #expect(try ContentHasher.examine(fileAt: path).format == format, "\(name)")
            #expect(format.isRaw && format.kind == .photo && format.magickCoder == nil && format.mimeType.hasPrefix("image/x-"))
            #expect(ImageFormat(rawValue: name.split(separator: ".")[1].description) == format)
        }
    }

    @Test("a plain TIFF stays a TIFF, and so does a TIFF from a maker that makes no TIFF-based RAW")
    func plainTIFF() throws {
        // given
        let little = try workspace.convert("plain.tif", ["-size", "32x24", "xc:green", "-endian", "LSB", "-compress", "None"])
        let big = try workspace.convert("big.tif", ["-size", "32x24", "xc:green", "-endian", "MSB"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-Make=Canon", little])
        let (preview, thumbnail) = try previews()
        let canonNEFShape = TestRaws.nef(preview: preview, thumbnail: thumbnail, TestRaws.Metadata(make: "Canon"))
        // when / then
        for path in [little, big, try workspace.write("canon.tif", canonNEFShape)] {
            #expect(try ImageFormat.sniff(fileAt: path) == .tiff, "\(path)")
            #expect(try ContentHasher.examine(fileAt: path).format == .tiff, "\(path)")
        }
        #expect(!ImageFormat.tiff.isRaw && ImageFormat.tiff.magickCoder == "TIFF")
    }

    @Test("the largest decodable preview is found, its bytes are the JPEG put in, and the EXIF is read")
    func findsPreviewAndExif() throws {
        // given
        let (preview, thumbnail) = try previews()
        let meta = TestRaws.Metadata(make: "Maker", model: "Model 1", orientation: 6, taken: "2023:01:02 03:04:05")
        let fuji = try TestImages.jpeg(seed: 5, size: "64x48", exif: [
            "-DateTimeOriginal=2023:01:02 03:04:05", "-Make=Maker", "-Model=Model 1", "-Orientation#=6",
        ])
        let files: [(String, [UInt8], [UInt8])] = [
            ("DNG", TestRaws.dng(preview: preview, meta), preview),
            ("NEF", TestRaws.nef(preview: preview, thumbnail: thumbnail, meta), preview),
            ("CR2", TestRaws.cr2(preview: preview, thumbnail: thumbnail, meta), preview),
            ("RAF", TestRaws.raf(preview: fuji), fuji),
        ]
        for (name, bytes, jpeg) in files {
            // when
            let found = try #require(findPreview(bytes), "\(name)")
            // then
            #expect(found.jpeg(in: RawBytes(bytes)) == jpeg, "\(name)")
            #expect(Array(bytes[found.offset..<found.offset + found.length]) == jpeg, "\(name)")
            #expect(found.width == 64 && found.height == 48 && found.orientation == 6, "\(name)")
            #expect(found.cameraMake == "Maker" && found.cameraModel == "Model 1", "\(name)")
            #expect(found.takenAt == Date(timeIntervalSince1970: 1_672_628_645), "\(name)")
        }
    }

    @Test("a CR3's PRVW preview and its CMT1/CMT2 EXIF are read from its boxes")
    func cr3() throws {
        // given the committed seed: a THMB of 8x8 and a PRVW of 16x8
        let bytes = try workspace.bytes(FuzzCorpus.path("raw-preview/cr3-boxes.cr3"))
        // when
        let found = try #require(findPreview(bytes))
        // then
        #expect(found.width == 16 && found.height == 8 && found.orientation == 3)
        #expect(found.cameraMake == "Canon" && found.cameraModel == "Canon EOS R5")
        #expect(found.takenAt == Date(timeIntervalSince1970: 1_665_490_394))
        #expect(found.jpeg(in: RawBytes(bytes))?.last == 0xD9)
    }

    @Test("truncated, garbage, cyclic and preview-less files fail cleanly")
    func hostileFiles() throws {
        // given
        let (preview, _) = try previews()
        let dng = TestRaws.dng(preview: preview)
        var generator = SeededGenerator(seed: 21)
        // when / then: every cut of the file answers a whole preview or none
        for length in stride(from: 0, through: dng.count, by: 7) {
            let cut = Array(dng.prefix(length))
            if let found = findPreview(cut) { #expect(found.length <= cut.count - found.offset && found.jpeg(in: RawBytes(cut)) == preview) }
        }
        for _ in 0..<200 {
            var noisy = dng
            for _ in 0..<8 { noisy[Int.random(in: 8..<noisy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let found = findPreview(noisy) { #expect(found.jpeg(in: RawBytes(noisy))?.starts(with: [0xFF, 0xD8]) == true) }
        }
        let garbage = [0x49, 0x49, 0x2A, 0] + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(findPreview(garbage) == nil)
        #expect(findPreview(try workspace.bytes(FuzzCorpus.path("raw-preview/dng-cyclic.dng"))) == nil)
        // A DNG whose only JPEG strip is the lossless sensor data has no preview.
        var sensorOnly = TIFFWriter()
        let strip = sensorOnly.blob(TestRaws.losslessStrip)
        sensorOnly.root(sensorOnly.ifd([(0xC612, .byte([1, 4, 0, 0])), (0x0103, .short(7)), (0x0111, .long(strip)),
                                        (0x0117, .long(TestRaws.losslessStrip.count))]))
        #expect(findPreview(sensorOnly.bytes) == nil)
        let path = try workspace.write("sensor-only.dng", sensorOnly.bytes)
        #expect(try ImageFormat.sniff(fileAt: path) == .dng)
        let calls: [() throws -> Void] = [
            { _ = try Imaging.probe(fileAt: path, format: .dng) },
            { _ = try Imaging.renderJPEGHere(fileAt: path, format: .dng, width: 256, height: 256, fit: .cover) },
        ]
        for call in calls {
            let error = #expect(throws: ImagingError.self) { try call() }
            #expect(error?.description.contains("has no embedded preview") == true)
        }
    }

    @Test("the probe's size is the preview's as shown, after the RAW's orientation; date and camera are the RAW's")
    func probe() throws {
        // given a preview with no orientation of its own in a RAW turned a quarter
        let (preview, thumbnail) = try previews()
        let path = try workspace.write("turned.nef", TestRaws.nef(preview: preview, thumbnail: thumbnail,
                                                                  TestRaws.Metadata(make: "NIKON", model: "Z 8", orientation: 6)))
        // when
        let probe = try Imaging.probe(fileAt: path, format: .nef, header: [])
        // then
        #expect(probe.format == .nef && probe.displayWidth == 48 && probe.displayHeight == 64 && probe.orientation == 6)
        #expect(probe.cameraMake == "NIKON" && probe.cameraModel == "Z 8")
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_714_979_289))
    }

    /// The colour of the pixel at (x, y), as ImageMagick reads the rendition.
    private func colour(_ path: String, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let text = try Tool.run("convert", [path, "-format", "%[fx:int(255*p{\(x),\(y)}.r)] %[fx:int(255*p{\(x),\(y)}.g)] %[fx:int(255*p{\(x),\(y)}.b)]", "info:"])
        let parts = text.split(separator: " ").compactMap { Int($0) }
        return parts.count == 3 ? (parts[0], parts[1], parts[2]) : (-1, -1, -1)
    }

    @Test("a rendition of each RAW is its preview, turned by the RAW's orientation", arguments: ["dng", "nef", "cr2", "raf"])
    func rendition(family: String) throws {
        // given a 400x200 preview, red above and blue below, in a RAW turned a quarter clockwise
        let previewPath = try workspace.convert("preview-\(family).jpg", [
            "-size", "400x100", "xc:rgb(220,20,20)", "-size", "400x100", "xc:rgb(20,20,220)", "-append", "-quality", "95",
        ])
        var preview = try workspace.bytes(previewPath)
        let meta = TestRaws.Metadata(orientation: 6)
        let raw: [UInt8]
        switch family {
        case "dng":
            // A preview that claims a turn of its own: the RAW's orientation is the one that counts.
            try Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=3", previewPath])
            raw = TestRaws.dng(preview: try workspace.bytes(previewPath), meta)
        case "nef": raw = TestRaws.nef(preview: preview, thumbnail: try previews().thumbnail, meta)
        case "cr2": raw = TestRaws.cr2(preview: preview, thumbnail: try previews().thumbnail, meta)
        default:
            try Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", previewPath])
            preview = try workspace.bytes(previewPath)
            raw = TestRaws.raf(preview: preview)
        }
        let format = try #require(ImageFormat(rawValue: family))
        let path = try workspace.write("turned.\(family)", raw)
        for turbo in [true, false] {
            // when
            let jpeg = try Imaging.renderJPEGHere(fileAt: path, format: format, width: 256, height: 256, fit: .fit, quality: 90, turbo: turbo)
            // then: a real JPEG, 128x256 as shown (red on the right once turned), from libjpeg-turbo or
            // from ImageMagick's JPEG coder reading the preview's bytes
            let out = try workspace.write("rendition-\(family)-\(turbo).jpg", jpeg)
            #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(try Tool.dimensions(of: out) == (128, 256))
            let (left, right) = (try colour(out, 30, 128), try colour(out, 98, 128))
            #expect(left.2 > 150 && left.0 < 80, "left \(left)")
            #expect(right.0 > 150 && right.2 < 80, "right \(right)")
        }
    }

    @Test("exiftool reads the generated DNG as a DNG with its date, make and orientation")
    func exiftoolAgrees() throws {
        // given
        let path = try workspace.write("check.dng", TestRaws.dng(preview: try previews().preview, TestRaws.Metadata(orientation: 8)))
        // when
        let text = try Tool.run("exiftool", ["-s3", "-FileType", "-DateTimeOriginal", "-Make", "-Orientation#", path])
        // then
        #expect(text.split(separator: "\n") == ["DNG", "2024:05:06 07:08:09", "Photolala", "8"])
    }
}
