import Foundation
import Testing

@testable import Imaging

/// Where a photo was taken, read at scan wherever the file says it: XMP under any prefix (JPEG,
/// PNG, WebP, and whatever ImageMagick reads), and a TIFF's own GPS IFD, which ImageMagick 6 does
/// not report.
@Suite struct XMPPositionTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test func xmpsCoordinatesAreReadUnderAnyPrefixInEveryForm() {
        // given positions as Lightroom and exiftool write them, and under another prefix
        let element = "<exif:GPSLatitudeRef>N</exif:GPSLatitudeRef><exif:GPSLatitude>48,51.504N</exif:GPSLatitude><exif:GPSLongitude>2,17,40.2E</exif:GPSLongitude>"
        let attributes = #"<rdf:Description xmlns:ex="http://ns.adobe.com/exif/1.0/" ex:GPSLatitude="33,52.14S" ex:GPSLongitude="151.2093"/>"#
        // then each is read, signed by its letter
        let paris = try! #require(XMPPosition.read(Array(element.utf8)))
        #expect(abs(paris.latitude - 48.8584) < 0.0001 && abs(paris.longitude - 2.29450) < 0.0001)
        let sydney = try! #require(XMPPosition.read(Array(attributes.utf8)))
        #expect(abs(sydney.latitude + 33.869) < 0.0001 && abs(sydney.longitude - 151.2093) < 0.0001)
        // and nonsense, a half position or a longer name is nothing
        for text in ["<exif:GPSLatitude>48,99N</exif:GPSLatitude><exif:GPSLongitude>2E</exif:GPSLongitude>",
                     "<exif:GPSLatitude>48,51N</exif:GPSLatitude>", #"x:GPSLatitudeX="48" x:GPSLongitudeX="2""#, "GPSLatitude=\"1\" GPSLongitude=\"2\""] {
            #expect(XMPPosition.read(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test(arguments: ["png", "webp", "jpg"])
    func aPositionOnlyXMPHoldsIsReadAtScan(_ ext: String) throws {
        // given a picture whose only position is in its XMP
        let path = try workspace.convert("x.\(ext)", ["-size", "40x30", "gradient:red-blue"])
        _ = try Tool.run("exiftool", ["-q", "-overwrite_original", "-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945", path])
        // when it is probed
        let format: ImageFormat = ext == "png" ? .png : ext == "webp" ? .webp : .jpeg
        let probe = try Imaging.probe(fileAt: path, format: format, header: try workspace.bytes(path))
        // then it says where
        let point = try #require(probe.location)
        #expect(abs(point.latitude - 48.8584) < 0.001 && abs(point.longitude - 2.2945) < 0.001)
    }

    @Test func aTIFFsOwnGPSIsReadAtScan() throws {
        // given a TIFF with EXIF GPS in its own IFDs
        let path = try workspace.convert("x.tif", ["-size", "40x30", "gradient:red-blue"])
        _ = try Tool.run("exiftool", ["-q", "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
                                      "-GPSLongitudeRef=E", path])
        // when it is probed, then it says where
        let point = try #require(try Imaging.probe(fileAt: path, format: .tiff).location)
        #expect(abs(point.latitude - 48.8584) < 0.001 && abs(point.longitude - 2.2945) < 0.001)
    }
}
