import Foundation
import Testing
import TestSupport

@testable import Imaging

/// JPEGs handed out by a link that hides places: the whole file is walked, so places in EXIF
/// (any IFD), XMP (any prefix, ExtendedXMP), IPTC, a second JPEG and a motion photo's clip are
/// all taken out, and the file keeps its length and still decodes.
@Suite struct PlaceRedactionJPEGTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    private func jpeg(_ name: String, _ tags: [String], progressive: Bool = false) throws -> [UInt8] {
        let path = try workspace.convert(name, ["-size", "64x48", "gradient:red-blue"] + (progressive ? ["-interlace", "Plane"] : []))
        if !tags.isEmpty { try Tool.run("exiftool", ["-q", "-overwrite_original"] + tags + [path]) }
        return try workspace.bytes(path)
    }

    @Test(arguments: [false, true])
    func placesInEXIFXMPAndIPTCAreTakenOut(_ progressive: Bool) throws {
        // given a JPEG with a position in EXIF and XMP, and place names in XMP and IPTC
        let bytes = try jpeg("a.jpg", ["-Make=Acme"] + PlaceOracle.position + PlaceOracle.xmpPlaces + PlaceOracle.iptcPlaces, progressive: progressive)
        #expect(try PlaceOracle.found(bytes, "a.jpg").count >= 5)
        // when it is patched
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        // then exiftool finds no position and no place, and the rest stays
        #expect(clean.count == bytes.count)
        #expect(try PlaceOracle.found(clean, "a.jpg") == [])
        #expect(try PlaceOracle.valued(clean, "a.jpg") == [])
        #expect(try PlaceOracle.said(clean, "a.jpg", tags: ["-Make"]).contains("Acme"))
        #expect(try PlaceOracle.decodes(clean, "a.jpg"))
    }

    @Test func placeNamesAreTakenOutWhenTheCoordinatesWereZeroed() throws {
        let bytes = try jpeg("z.jpg", ["-GPSLatitude=0", "-GPSLongitude=0"] + PlaceOracle.iptcPlaces + ["-XMP-photoshop:City=Lutetia"])
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(try PlaceOracle.found(clean, "z.jpg") == [])
        #expect(try PlaceOracle.valued(clean, "z.jpg") == [])
    }

    @Test func xmpThatBindsEXIFToAnotherPrefixIsTakenOut() throws {
        // given XMP whose EXIF namespace is bound to `ex:` and photoshop's to `ps:`
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:ex="http://ns.adobe.com/exif/1.0/" xmlns:ps="http://ns.adobe.com/photoshop/1.0/" \
            ex:GPSLongitude="2,17.67E" ps:City="Lutetia"><ex:GPSLatitude>48,51.504N</ex:GPSLatitude></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let bytes = JPEGSegment.inserting(0xE1, JPEGSegment.xmp(packet), into: try jpeg("p.jpg", []))
        #expect(try PlaceOracle.found(bytes, "p.jpg").contains("Lutetia"))
        // then the values are blanked and the packet is still XML exiftool reads
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(try PlaceOracle.found(clean, "p.jpg") == [])
        #expect(try PlaceOracle.valued(clean, "p.jpg") == [])
        #expect(String(decoding: clean, as: UTF8.self).contains("<ex:GPSLatitude>          </ex:GPSLatitude>"))
    }

    @Test(arguments: [EXIFForge.From.ifd0, .ifd1, .exifIFD])
    func aGPSIFDPointedToFromAnyIFDIsEmptied(_ from: EXIFForge.From) throws {
        let bytes = EXIFForge.jpeg(try jpeg("g.jpg", []), EXIFForge.Shape(from: from, reversed: true))
        #expect(try PlaceOracle.found(bytes, "g.jpg").contains("48.858"))
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(try PlaceOracle.found(clean, "g.jpg") == [])
        #expect(try PlaceOracle.valued(clean, "g.jpg") == [])
        #expect(JPEGHeader.probe(clean)?.location == nil && JPEGHeader.probe(clean)?.cameraMake == "Acme")
    }

    @Test func extendedXMPIsBlankedWhole() throws {
        // given an ExtendedXMP chunk (which may cut a name in two) holding a position
        let chunk = Array("<exif:GPSLatitude>48.8584</exif:GPSLatitude>".utf8)
        let body = Array("http://ns.adobe.com/xmp/extension/\0".utf8) + [UInt8](repeating: 0x41, count: 32) + [0, 0, 0, UInt8(chunk.count), 0, 0, 0, 0] + chunk
        let bytes = JPEGSegment.inserting(0xE1, body, into: try jpeg("x.jpg", []))
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(clean.count == bytes.count && clean.firstRange(of: Array("48.8584".utf8)) == nil)
        #expect(try PlaceOracle.decodes(clean, "x.jpg"))
    }

    @Test func anEXIFThumbnailIsCleanedAsAJPEG() throws {
        // given a JPEG whose EXIF thumbnail has a position and a place of its own (no reader shows them, but they go out)
        let thumbnail = try workspace.convert("t.jpg", ["-size", "16x12", "xc:red"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-XMP-photoshop:City=Lutetia"] + PlaceOracle.position + [thumbnail])
        let path = try workspace.convert("m.jpg", ["-size", "64x48", "gradient:red-blue"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumbnail)", path])
        let bytes = try workspace.bytes(path)
        #expect(bytes.firstRange(of: Array("Lutetia".utf8)) != nil)
        // then its place is gone and it is still a picture
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(clean.firstRange(of: Array("Lutetia".utf8)) == nil)
        let out = try workspace.write("clean.jpg", clean)
        let extracted = try Spawn.run("/usr/bin/env", ["exiftool", "-b", "-ThumbnailImage", out]).output
        let probe = try #require(JPEGHeader.probe(extracted))
        #expect(probe.width == 16 && probe.location == nil)
    }

    @Test func makerNotesAreZeroed() throws {
        // given an EXIF whose maker's notes name a place (as Panasonic's City tag does)
        var tiff = TIFFWriter()
        let notes = Array("Panasonic\0\0\0City=Lutetia".utf8)
        tiff.root(tiff.ifd([(tag: 0x010F, value: .ascii("Panasonic")), (tag: 0x927C, value: .undefined(notes))]))
        let bytes = JPEGSegment.inserting(0xE1, Array("Exif\0\0".utf8) + tiff.bytes, into: try jpeg("n.jpg", []))
        // then the notes are zeros and the camera is kept
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(clean.firstRange(of: Array("Lutetia".utf8)) == nil)
        #expect(JPEGHeader.probe(clean)?.cameraMake == "Panasonic")
    }

    @Test func aJPEGThatFollowsTheFirstIsCleanedToo() throws {
        // given a primary JPEG followed by a second one (as a gain map or MPF image follows), both with a position
        let first = try jpeg("1.jpg", PlaceOracle.position), second = try jpeg("2.jpg", PlaceOracle.position + ["-XMP-photoshop:City=Lutetia"])
        let clean = try PlaceOracle.redacted(first + second, .jpeg)
        #expect(JPEGHeader.probe(Array(clean[..<first.count]))?.location == nil)
        #expect(JPEGHeader.probe(Array(clean[first.count...]))?.location == nil)
        #expect(clean.firstRange(of: Array("Lutetia".utf8)) == nil)
    }

    @Test(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
    func aMotionPhotosClipLosesItsPlace() throws {
        // given a motion photo whose clip says where it was shot
        let path = workspace.path("clip.mp4")
        try TestVideos.write(to: path, metadata: ["location=+48.8584+002.2945/"])
        let clip = try workspace.bytes(path)
        let bytes = try TestMotionPhotos.jpeg(seed: 3, clip: clip)
        #expect(try PlaceOracle.found(Array(bytes.suffix(clip.count)), "clip.mp4").contains("48.858"))
        // then after the patches neither the picture nor the clip says it, and the clip still plays
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        let cleanClip = Array(clean.suffix(clip.count))
        #expect(clean.count == bytes.count)
        #expect(try PlaceOracle.found(cleanClip, "clip.mp4") == [])
        #expect(cleanClip.firstRange(of: Array("48.8584".utf8)) == nil)
        #expect(try PlaceOracle.said(cleanClip, "clip.mp4", tags: ["-Duration"]).contains("Duration"))
    }
}
