import Foundation
import Testing
import TestSupport

@testable import Imaging

/// Videos handed out by a link that hides places: location boxes found at any level (a `udta`
/// at the top of the file too), and a video whose tracks may carry positions in their samples
/// withheld.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct PlaceRedactionVideoTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
    }

    /// A QuickTime `©xyz` box holding `text`.
    private func xyz(_ text: String) -> [UInt8] {
        let value = Array(text.utf8)
        return [0, 0, 0, UInt8(12 + value.count), 0xA9] + Array("xyz".utf8) + [0, UInt8(value.count), 0x15, 0xC7] + value
    }

    @Test func aLocationInAUserDataBoxAtTheTopOfTheFileIsTakenOut() throws {
        // given an MP4 with a `udta` box after its `moov`, at the top level, holding `©xyz`
        let path = workspace.path("a.mp4")
        try TestVideos.write(to: path)
        let bytes = try workspace.bytes(path) + box("udta", xyz("+48.8584+002.2945/"))
        #expect(try PlaceOracle.found(bytes, "a.mp4").contains("48.858"))
        // when it is patched
        let clean = try PlaceOracle.redacted(bytes, .mp4)
        // then nothing says where, and it is as long and plays as long
        #expect(clean.count == bytes.count)
        #expect(try PlaceOracle.found(clean, "a.mp4") == [])
        #expect(clean.firstRange(of: Array("48.8584".utf8)) == nil)
        #expect(try PlaceOracle.said(clean, "a.mp4", tags: ["-Duration"]) == (try PlaceOracle.said(bytes, "a.mp4", tags: ["-Duration"])))
    }

    @Test(arguments: [("b.mp4", ImageFormat.mp4, ["location=+48.8584+002.2945/"]), ("c.mov", .mov, ["location=+48.8584+002.2945/"])])
    func aVideosLocationIsTakenOut(_ name: String, _ format: ImageFormat, _ metadata: [String]) throws {
        let path = workspace.path(name)
        try TestVideos.write(to: path, metadata: metadata)
        let bytes = try workspace.bytes(path)
        #expect(try PlaceOracle.found(bytes, name).contains("48.858"))
        let clean = try PlaceOracle.redacted(bytes, format)
        #expect(clean.count == bytes.count)
        #expect(try PlaceOracle.found(clean, name) == [])
    }

    @Test func xmlInAMetaBoxIsReadAsXMP() {
        // given a movie whose `meta` box (a full box) holds an `xml ` box with a position
        let xml = box("xml ", [0, 0, 0, 0] + Array("<x:xmpmeta><exif:GPSLatitude>48.8584</exif:GPSLatitude></x:xmpmeta>".utf8))
        let file = box("ftyp", Array("isom\0\0\0\0".utf8)) + box("moov", box("meta", [0, 0, 0, 0] + xml))
        // then the value is blanked, and binary XML, which is not read, is withheld
        var clean = file
        GPSRedaction.apply(PlaceRedaction.patches(format: .mp4, file: file) ?? [], to: &clean, at: 0)
        #expect(clean.count == file.count && clean.firstRange(of: Array("48.8584".utf8)) == nil)
        let binary = box("ftyp", Array("isom\0\0\0\0".utf8)) + box("moov", box("meta", [0, 0, 0, 0] + box("bxml", [0, 0, 0, 0, 1])))
        #expect(PlaceRedaction.patches(format: .mp4, file: binary) == nil)
    }

    @Test(arguments: ["mebx", "mett", "camm", "gpmd", "zzzz"])
    func aTrackWhoseSamplesMayHoldPositionsIsWithheld(_ entry: String) {
        // given a movie whose one track's sample entry is timed metadata or not known
        let stsd = box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + box(entry, [0, 0, 0, 0, 0, 0, 0, 1]))
        let moov = box("moov", box("trak", box("mdia", box("minf", box("stbl", stsd)))))
        let file = box("ftyp", Array("isom\0\0\0\0".utf8)) + moov + box("mdat", [1, 2, 3])
        #expect(PlaceRedaction.patches(format: .mp4, file: file) == nil)
    }

    @Test func anIPhonesLivePhotoKeysAreVouchedForAndALocationKeyIsNot() {
        // given a movie with a track of timed metadata (`mebx`), as an iPhone writes a Live
        // Photo's clip, declaring its keys
        func movie(_ keys: [String]) -> [UInt8] {
            let declared = keys.enumerated().flatMap { index, name in
                box(String(format: "%04d", index + 1), box("keyd", Array("mdta".utf8) + Array(name.utf8)))
            }
            let mebx = box("mebx", [0, 0, 0, 0, 0, 0, 0, 1] + box("keys", declared))
            let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("meta".utf8) + [UInt8](repeating: 0, count: 13))
            let stsd = box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + mebx)
            return box("ftyp", Array("qt  \0\0\0\0".utf8)) + box("moov", box("trak", box("mdia", hdlr + box("minf", box("stbl", stsd)))))
        }
        // then one whose keys all say nothing of where is handed out, and one that names a
        // location, or no key, or a key of another namespace, is not
        #expect(PlaceRedaction.patches(format: .mov, file: movie(["com.apple.quicktime.live-photo-info", "com.apple.quicktime.still-image-time"])) == [])
        #expect(PlaceRedaction.patches(format: .mov, file: movie(["com.apple.quicktime.live-photo-info", "com.apple.quicktime.location.ISO6709"])) == nil)
        #expect(PlaceRedaction.patches(format: .mov, file: movie([])) == nil)
        let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("meta".utf8) + [UInt8](repeating: 0, count: 13))
        let bare = box("ftyp", Array("qt  \0\0\0\0".utf8)) + box("moov", box("trak", box("mdia", hdlr)))
        #expect(PlaceRedaction.patches(format: .mov, file: bare) == nil)
    }

    @Test func aTimedMetadataTrackOrAnUnknownTopLevelBoxIsWithheld() {
        let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("meta".utf8) + [UInt8](repeating: 0, count: 13))
        let moov = box("moov", box("trak", box("mdia", hdlr)))
        #expect(PlaceRedaction.patches(format: .mov, file: box("ftyp", Array("qt  \0\0\0\0".utf8)) + moov) == nil)
        #expect(PlaceRedaction.patches(format: .mp4, file: box("ftyp", Array("isom\0\0\0\0".utf8)) + box("Xtra", [1, 2])) == nil)
        // while a movie with nothing but known boxes is handed out as it is
        #expect(PlaceRedaction.patches(format: .mp4, file: box("ftyp", Array("isom\0\0\0\0".utf8)) + box("mdat", [1, 2])) == [])
    }
}
