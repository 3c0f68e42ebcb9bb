import Foundation
import Testing
import TestSupport

@testable import Imaging

/// EXIF positions as phones write them, read whatever the shape: entries in any order, the GPS
/// IFD pointed to from IFD0, IFD1 or the Exif IFD (as LONG or IFD type), signed rationals, and
/// seconds of 0/0; and each taken out by `PlaceRedaction`.
@Suite struct ExifPositionTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    static let shapes: [EXIFForge.Shape] = [
        EXIFForge.Shape(),
        EXIFForge.Shape(reversed: true),
        EXIFForge.Shape(from: .ifd1),
        EXIFForge.Shape(from: .ifd1, reversed: true, pointerType: 13),
        EXIFForge.Shape(from: .exifIFD),
        EXIFForge.Shape(from: .exifIFD, reversed: true),
        EXIFForge.Shape(signed: true),
        EXIFForge.Shape(reversed: true, signed: true, pointerType: 13),
    ]

    @Test(arguments: shapes)
    func thePositionIsReadWithTheDateAndCamera(_ shape: EXIFForge.Shape) throws {
        // given a JPEG whose EXIF has this shape
        let base = try workspace.bytes(try workspace.convert("a.jpg", ["-size", "32x24", "gradient:red-blue"]))
        let bytes = EXIFForge.jpeg(base, shape)
        // when its header is read
        let probe = try #require(JPEGHeader.probe(bytes))
        // then the position is read as well as the date and camera
        let location = try #require(probe.location)
        #expect(abs(location.latitude - 48.8584) < 0.0001 && abs(location.longitude - 2.2945) < 0.0001)
        #expect(probe.cameraMake == "Acme" && probe.takenAt != nil)
        // and so it is from the bare TIFF structure (PNG's, WebP's and HEIF's EXIF)
        #expect(ContainerExif.fields(EXIFForge.tiff(shape)).location == location)
        // and the patches take it out, for us and for exiftool
        let clean = try PlaceOracle.redacted(bytes, .jpeg)
        #expect(JPEGHeader.probe(clean)?.location == nil)
        #expect(try PlaceOracle.found(clean, "a.jpg") == [])
    }

    @Test func secondsOfZeroOverZeroReadAsZero() throws {
        let bytes = EXIFForge.jpeg(try workspace.bytes(try workspace.convert("z.jpg", ["-size", "32x24", "gradient:red-blue"])), EXIFForge.Shape(zeroSeconds: true))
        let location = try #require(JPEGHeader.probe(bytes)?.location)
        #expect(abs(location.latitude - (48 + 51.0 / 60)) < 0.0001 && abs(location.longitude - (2 + 17.0 / 60)) < 0.0001)
    }
}
