import Foundation
import Testing
import TestSupport

@testable import Imaging

/// Where a photo's date taken was read (EXIF, XMP, a video's creation date) and the time zone
/// written beside it, from each reader.
@Suite struct DateSourceTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("offsets as files write them, and nothing that is not one")
    func offsets() {
        let cases: [(String, Int?)] = [
            ("+02:00", 120), ("-05:30", -330), ("+0200", 120), ("+01", 60), ("Z", 0), ("+00:00", 0), ("+14:00", 840),
            ("2024-06-01T18:30:00+0200", 120), ("2020-05-06T07:08:09-03:00", -180), ("2024-05-01T10:11:12.000000Z", 0),
            ("2019-12-31", nil), ("", nil), ("+15:00", nil), ("+02:60", nil), ("+2", nil), ("+02:00:00", nil), ("junk", nil),
            ("2019-12-31T23:59", nil), ("+0a:00", nil),
        ]
        for (text, minutes) in cases { #expect(TimeOffset.minutes(text) == minutes, "\(text)") }
    }

    @Test("a JPEG's EXIF date says so, with its OffsetTimeOriginal")
    func exifWithOffset() throws {
        let path = try workspace.convert("exif.jpg", ["-size", "32x24", "xc:red"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:01:02 03:04:05", "-OffsetTimeOriginal=+02:00", path])
        let probe = try #require(JPEGHeader.probe(try workspace.bytes(path)))
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_609_556_645))
        #expect(probe.takenSource == .exif && probe.takenOffset == 120)
        // the same through ImageMagick, as a TIFF is read
        let tiff = try workspace.convert("exif.tif", [path])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:01:02 03:04:05", "-OffsetTimeOriginal=-05:30", tiff])
        let magick = try Imaging.probeHere(fileAt: tiff, format: .tiff)
        #expect(magick.takenAt == Date(timeIntervalSince1970: 1_609_556_645))
        #expect(magick.takenSource == .exif && magick.takenOffset == -330)
    }

    @Test("a date in XMP alone says it came from XMP, with the zone written in it; a file without one says nothing")
    func xmpAndNone() throws {
        let path = try workspace.convert("xmp.jpg", ["-size", "32x24", "xc:blue"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-XMP-exif:DateTimeOriginal=2020:05:06 07:08:09+02:00", path])
        let probe = try #require(JPEGHeader.probe(try workspace.bytes(path)))
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_588_748_889))
        #expect(probe.takenSource == .xmp && probe.takenOffset == 120)
        let plain = try #require(JPEGHeader.probe(try workspace.bytes(try workspace.convert("plain.jpg", ["-size", "8x8", "xc:white"]))))
        #expect(plain.takenAt == nil && plain.takenSource == nil && plain.takenOffset == nil)
    }

    @Test("a date in IPTC alone says so, with the zone of its time created")
    func iptc() throws {
        let path = try workspace.convert("iptc.jpg", ["-size", "32x24", "xc:green"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-IPTC:DateCreated=2019:03:04", "-IPTC:TimeCreated=05:06:07+01:00", path])
        let probe = try #require(JPEGHeader.probe(try workspace.bytes(path)))
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_551_675_967))
        #expect(probe.takenSource == .iptc && probe.takenOffset == 60)
        // through ImageMagick too (a PNG keeps IPTC as a profile)
        let png = try workspace.convert("iptc.png", [path])
        let magick = try Imaging.probeHere(fileAt: png, format: .png)
        #expect(magick.takenSource == nil || magick.takenSource == .iptc)
        // a day alone is its midnight; nonsense is no date
        let day: [UInt8] = [0x1C, 2, 55, 0, 8] + Array("20190304".utf8)
        #expect(EmbeddedCuration.iptcDate(day)?.date == Date(timeIntervalSince1970: 1_551_657_600))
        for bad in ["2019030", "20191304", "2019-3-4", "abcdefgh"] {
            #expect(EmbeddedCuration.iptcDate([0x1C, 2, 55, 0, UInt8(bad.utf8.count)] + Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test("a video's date comes from its own tags: Apple's with the phone's zone, creation_time in UTC")
    func videos() throws {
        let apple = Array(#"{"streams":[{"codec_type":"video","codec_name":"h264","width":64,"height":48}],"format":{"tags":{"com.apple.quicktime.creationdate":"2024-06-01T18:30:00+0200","creation_time":"2024-06-01T16:30:00.000000Z"}}}"#.utf8)
        let info = try #require(VideoInfo.parse(apple))
        #expect(info.takenAt == Date(timeIntervalSince1970: 1_717_266_600) && info.takenOffset == 120)
        let utc = Array(#"{"streams":[{"codec_type":"video","codec_name":"h264","width":64,"height":48}],"format":{"tags":{"creation_time":"2024-06-01T16:30:00.000000Z"}}}"#.utf8)
        let plain = try #require(VideoInfo.parse(utc))
        #expect(plain.takenAt == Date(timeIntervalSince1970: 1_717_259_400) && plain.takenOffset == 0)
        let none = try #require(VideoInfo.parse(Array(#"{"streams":[{"codec_type":"video","codec_name":"h264","width":64,"height":48}]}"#.utf8)))
        #expect(none.takenAt == nil && none.takenOffset == nil)
    }
}
