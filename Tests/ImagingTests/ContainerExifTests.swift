import Foundation
import Testing
import TestSupport

@testable import Imaging

/// The EXIF PNG and WebP keep in chunks of their own, which ImageMagick 6 does not read.
@Suite struct ContainerExifTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test(arguments: ["shot.png", "shot.webp"])
    func aPNGOrWebPShowsItsDateCameraAndPosition(_ name: String) throws {
        // given a picture with camera EXIF as exiftool writes it into the container's own chunk
        let path = try workspace.convert(name, ["-size", "48x32", "gradient:red-blue"])
        try Tool.run("exiftool", ["-q", "-m", "-overwrite_original", "-DateTimeOriginal=2021:01:02 03:04:05", "-Make=Acme", "-Model=Cam 2",
                                  "-GPSLatitude=10.5", "-GPSLatitudeRef=N", "-GPSLongitude=20.25", "-GPSLongitudeRef=W", path])
        let format = try #require(try ImageFormat.sniff(fileAt: path))
        // when it is probed as the scan probes it
        let probe = try Imaging.probe(fileAt: path, format: format)
        // then the chunk's fields are the photo's
        #expect(probe.width == 48 && probe.height == 32)
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_609_556_645))
        #expect(probe.cameraMake == "Acme" && probe.cameraModel == "Cam 2")
        #expect(probe.location == GeoPoint(latitude: 10.5, longitude: -20.25))
    }

    @Test func chunksThatLieAreWalkedPastOrRefused() throws {
        // given a PNG whose chunk claims more bytes than the file holds, and one with no EXIF
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + [1, 2, 3]
        let plain = try workspace.bytes(try workspace.convert("plain.png", ["-size", "8x8", "xc:red"]))
        var webp = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        webp += Array("EXIF".utf8) + [0xFF, 0xFF, 0xFF, 0x7F]
        // then nothing is read from them, and nothing traps
        #expect(ContainerExif.read(RawBytes(png), format: .png) == nil)
        #expect(ContainerExif.read(RawBytes(plain), format: .png) == nil)
        #expect(ContainerExif.read(RawBytes(webp), format: .webp) == nil)
        #expect(ContainerExif.read(RawBytes(plain), format: .jpeg) == nil)
        // and every cut of a real one gives its fields or nothing
        let path = try workspace.convert("cut.webp", ["-size", "8x8", "xc:blue"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-Make=Acme", path])
        let bytes = try workspace.bytes(path)
        #expect(ContainerExif.read(RawBytes(bytes), format: .webp)?.make == "Acme")
        for length in 0..<bytes.count {
            let cut = ContainerExif.read(RawBytes(Array(bytes.prefix(length))), format: .webp)
            #expect(cut == nil || cut?.make == "Acme")
        }
    }
}
