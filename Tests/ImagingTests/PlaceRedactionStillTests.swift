import Foundation
import Testing
import TestSupport

@testable import Imaging

/// Stills handed out by a link that hides places: every position and place name exiftool can
/// read is gone (EXIF in TIFF, PNG, WebP and HEIC; XMP under any prefix; IPTC), the file keeps
/// its length and still decodes.
@Suite struct PlaceRedactionStillTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// A 64×48 picture in `name`'s format with `tags` written by exiftool.
    private func picture(_ name: String, _ tags: [String]) throws -> [UInt8] {
        let path = try workspace.convert(name, ["-size", "64x48", "gradient:red-blue"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-Make=Acme"] + tags + [path])
        return try workspace.bytes(path)
    }

    /// Checks that `bytes` said where, and that after the patches nothing does and it still decodes.
    private func expectPlaceless(_ bytes: [UInt8], _ name: String, _ format: ImageFormat) throws {
        #expect(!(try PlaceOracle.found(bytes, name)).isEmpty)
        let clean = try PlaceOracle.redacted(bytes, format)
        #expect(clean.count == bytes.count)
        #expect(try PlaceOracle.found(clean, name) == [])
        #expect(try PlaceOracle.valued(clean, name) == [])
        #expect(try PlaceOracle.decodes(clean, name))
        // and the rest of the metadata is kept
        #expect(try PlaceOracle.said(clean, name, tags: ["-Make"]).contains("Acme"))
    }

    @Test func aTIFFsEXIFPositionAndPlacesAreTakenOut() throws {
        // given a TIFF with a position in its EXIF, and places in its XMP and IPTC
        let bytes = try picture("t.tif", PlaceOracle.position + PlaceOracle.xmpPlaces + PlaceOracle.iptcPlaces)
        // then after the patches none is left
        try expectPlaceless(bytes, "t.tif", .tiff)
    }

    @Test func aTIFFsGeoTIFFTiePointIsZeroed() throws {
        // given a TIFF placed on Earth by GeoTIFF's tie point
        let bytes = try picture("geo.tif", ["-ModelTiePoint=0 0 0 500000 5400000 0"])
        #expect(try PlaceOracle.said(bytes, "geo.tif", tags: ["-ModelTiePoint"]).contains("5400000"))
        // then after the patches it points nowhere, and the picture still decodes
        let clean = try PlaceOracle.redacted(bytes, .tiff)
        #expect(try PlaceOracle.said(clean, "geo.tif", tags: ["-ModelTiePoint"]).contains("0 0 0 0 0 0"))
        #expect(try PlaceOracle.decodes(clean, "geo.tif"))
    }

    @Test(arguments: [("n.png", ImageFormat.png), ("w.webp", .webp)])
    func aPositionOnlyInXMPIsTakenOut(_ name: String, _ format: ImageFormat) throws {
        // given a PNG or a WebP whose position and places are only in XMP
        let bytes = try picture(name, PlaceOracle.xmpPlaces)
        try expectPlaceless(bytes, name, format)
    }

    @Test(arguments: [("e.png", ImageFormat.png), ("e.webp", .webp)])
    func aPositionInEXIFAndXMPIsTakenOut(_ name: String, _ format: ImageFormat) throws {
        let bytes = try picture(name, PlaceOracle.position + PlaceOracle.xmpPlaces)
        try expectPlaceless(bytes, name, format)
    }

    @Test(.enabled(if: Tool.canWriteHEIC, "this ImageMagick cannot write HEIC"))
    func aHEICsPositionInXMPAndEXIFIsTakenOut() throws {
        let xmpOnly = try picture("x.heic", PlaceOracle.xmpPlaces)
        try expectPlaceless(xmpOnly, "x.heic", .heic)
        let both = try picture("b.heic", PlaceOracle.position + PlaceOracle.xmpPlaces)
        try expectPlaceless(both, "b.heic", .heic)
    }

    @Test func aPNGsTextChunksThatNamePlacesAreNeutralized() throws {
        // given a PNG ImageMagick made from a JPEG with places: raw profiles, and text chunks named after properties
        let jpeg = try picture("src.jpg", PlaceOracle.position + PlaceOracle.xmpPlaces + PlaceOracle.iptcPlaces)
        let source = try workspace.write("src2.jpg", jpeg)
        let png = try workspace.convert("raw.png", [source])
        let bytes = try workspace.bytes(png)
        // then after the patches none says where, and every chunk still has a right CRC (ImageMagick decodes it)
        #expect(!(try PlaceOracle.found(bytes, "raw.png")).isEmpty)
        let clean = try PlaceOracle.redacted(bytes, .png)
        #expect(clean.count == bytes.count)
        #expect(try PlaceOracle.found(clean, "raw.png") == [])
        #expect(try Tool.run("convert", [try workspace.write("clean.png", clean), "-format", "%w", "info:"]) == "64")
    }

    @Test func aGIFWithoutCommentsHasNothingToTakeOut() throws {
        let path = try workspace.convert("a.gif", ["-size", "16x16", "xc:red", "xc:blue", "-loop", "0"])
        #expect(PlaceRedaction.patches(format: .gif, file: try workspace.bytes(path)) == [])
        let commented = try workspace.convert("c.gif", ["-size", "16x16", "xc:red", "-set", "comment", "Lutetia"])
        #expect(PlaceRedaction.patches(format: .gif, file: try workspace.bytes(commented)) == nil)
    }
}
