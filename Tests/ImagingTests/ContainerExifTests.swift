import Foundation
import Testing
import TestSupport

@testable import Imaging

/// The EXIF PNG and WebP keep in chunks of their own, which ImageMagick 6 does not read, and the
/// EXIF item of a HEIF, wherever its location table puts it.
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

    @Test(arguments: ["shot.heic", "shot.avif"])
    func aHEIFShowsItsDateAndCameraFromItsExifItem(_ name: String) throws {
        // given a HEIC or AVIF with camera EXIF added by exiftool (which puts the item after the picture)
        let path = try workspace.convert(name, ["-size", "64x48", "gradient:red-blue"])
        try Tool.run("exiftool", ["-q", "-m", "-overwrite_original", "-DateTimeOriginal=2021:01:02 03:04:05", "-Make=Acme", "-Model=Cam 3",
                                  "-GPSLatitude=10.5", "-GPSLatitudeRef=S", "-GPSLongitude=20.25", "-GPSLongitudeRef=E", path])
        let format = try #require(try ImageFormat.sniff(fileAt: path))
        // then the item is found and read by the Swift reader itself
        let exif = try #require(ContainerExif.read(RawBytes(try workspace.bytes(path)), format: format))
        #expect(exif.make == "Acme" && exif.model == "Cam 3" && exif.taken == "2021:01:02 03:04:05")
        #expect(exif.location == GeoPoint(latitude: -10.5, longitude: 20.25))
        // and the scan's probe shows them
        let probe = try Imaging.probe(fileAt: path, format: format)
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_609_556_645))
        #expect(probe.cameraMake == "Acme" && probe.cameraModel == "Cam 3")
    }

    /// A HEIF made here: `ftyp`, a `meta` box whose `iinf` names item 7 as `Exif` and whose `iloc`
    /// (version 1) places it by `method`: 0 in an `mdat` after a stand-in picture (at the end of
    /// the file, as a phone may write it), 1 in the `meta` box's own `idat`.
    static func heif(tiff: [UInt8], method: Int) -> [UInt8] {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }
        func be32(_ n: Int) -> [UInt8] { [UInt8(n >> 24 & 255), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] }
        func be16(_ n: Int) -> [UInt8] { [UInt8(n >> 8 & 255), UInt8(n & 255)] }
        let item = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + tiff
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let infe = box("infe", [2, 0, 0, 0] + be16(7) + be16(0) + Array("Exif".utf8) + [0])
        let picture = box("infe", [2, 0, 0, 0] + be16(1) + be16(0) + Array("hvc1".utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0] + be16(2) + picture + infe)
        let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let idat = method == 1 ? box("idat", item) : []
        // iloc v1: offset, length and base offset sizes 4, index size 0; two items.
        func iloc(exifOffset: Int) -> [UInt8] {
            box("iloc", [1, 0, 0, 0, 0x44, 0x40] + be16(2)
                + be16(1) + be16(0) + be16(0) + be32(0) + be16(1) + be32(0) + be32(16)
                + be16(7) + be16(method) + be16(0) + be32(0) + be16(1) + be32(exifOffset) + be32(item.count))
        }
        let metaLength = 8 + 4 + hdlr.count + iinf.count + iloc(exifOffset: 0).count + idat.count
        let mdatStart = ftyp.count + metaLength
        let exifOffset = method == 1 ? 0 : mdatStart + 8 + 16
        let meta = box("meta", [0, 0, 0, 0] + hdlr + iinf + iloc(exifOffset: exifOffset) + idat)
        let mdat = box("mdat", [UInt8](repeating: 0xAB, count: 16) + (method == 0 ? item : []))
        return ftyp + meta + mdat
    }

    @Test(arguments: [0, 1])
    func aHEIFsExifItemIsFoundWhereverItsLocationSays(_ method: Int) throws {
        // given the TIFF of a real EXIF block, in a HEIF made around it
        let jpeg = try TestImages.jpeg(seed: 4, exif: ["-Make=Acme", "-Model=Burst 9", "-DateTimeOriginal=2022:03:04 05:06:07"])
        let app1 = try #require(jpeg.firstRange(of: Array("Exif".utf8) + [0, 0]))
        let length = Int(jpeg[app1.lowerBound - 2]) << 8 | Int(jpeg[app1.lowerBound - 1])
        let tiff = Array(jpeg[app1.upperBound..<(app1.lowerBound - 2 + length)])
        let bytes = Self.heif(tiff: tiff, method: method)
        // then its fields are read
        let exif = try #require(ContainerExif.read(RawBytes(bytes), format: .heic))
        #expect(exif.make == "Acme" && exif.model == "Burst 9" && exif.taken == "2022:03:04 05:06:07")
        // and every cut of it gives those fields or nothing, never a trap
        for length in stride(from: 0, to: bytes.count, by: 3) {
            let cut = ContainerExif.read(RawBytes(Array(bytes.prefix(length))), format: .heic)
            #expect(cut == nil || cut?.make == "Acme")
        }
    }

    @Test func locationTablesThatLieAreRefused() {
        // a version past 2, sizes that are not 0, 4 or 8, counts past the bytes, offsets that overflow
        #expect(HEIFLocations.find(1, in: [3, 0, 0, 0, 0x44, 0x40, 0, 1]) == nil)
        #expect(HEIFLocations.find(1, in: [1, 0, 0, 0, 0x33, 0x40, 0, 1]) == nil)
        #expect(HEIFLocations.find(1, in: [1, 0, 0, 0, 0x44, 0x40, 0xFF, 0xFF, 0, 1]) == nil)
        let huge: [UInt8] = [1, 0, 0, 0, 0x88, 0x80, 0, 1, 0, 1, 0, 0, 0, 0] + [0x7F] + [UInt8](repeating: 0xFF, count: 7) + [0, 1]
            + [0x7F] + [UInt8](repeating: 0xFF, count: 7) + [UInt8](repeating: 0, count: 8)
        #expect(HEIFLocations.find(1, in: huge) == nil)
        #expect(HEIFLocations.find(1, in: []) == nil)
    }

    @Test(arguments: ["edited.png", "edited.webp"])
    func aPNGOrWebPWhoseOnlyDateIsInItsXMPShowsIt(_ name: String) throws {
        // given a picture an editor wrote a date into as XMP alone (PNG's iTXt chunk, WebP's XMP chunk)
        let path = try workspace.convert(name, ["-size", "24x16", "xc:orange"])
        try Tool.run("exiftool", ["-q", "-m", "-overwrite_original", "-XMP-exif:DateTimeOriginal=2020:05:06 07:08:09+02:00", path])
        let format = try #require(try ImageFormat.sniff(fileAt: path))
        #expect(ContainerExif.xmp(RawBytes(try workspace.bytes(path)), format: format) != nil)
        // then the scan's probe takes it, and says where it came from
        let probe = try Imaging.probe(fileAt: path, format: format)
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_588_748_889))
        #expect(probe.takenSource == .xmp && probe.takenOffset == 120)
    }
}
