import Foundation
import Testing
import TestSupport

@testable import Imaging

/// A video handed out without where it was shot: its location boxes and values overwritten in
/// place (the file keeps its length and still plays), every other byte as it was; a video that
/// keeps positions in its samples is refused.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct VideoPlaceRedactionTests {
    /// A one-second video at `name` (the container by its extension), with `arguments` for ffmpeg before the output.
    private func video(_ name: String, _ arguments: [String]) throws -> String {
        let folder = NSTemporaryDirectory() + "photolala-vloc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try TestImages.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10",
                                      "-c:v", "libx264"] + arguments + [path])
        return path
    }

    /// What exiftool and ffprobe read of a position in `bytes`, and how long ffprobe says it plays.
    private func said(_ bytes: [UInt8]) throws -> (exiftool: String, tags: String, duration: String) {
        let path = NSTemporaryDirectory() + "photolala-vloc-\(UUID().uuidString).mov"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        func output(_ tool: String, _ arguments: [String]) throws -> String {
            String(decoding: try Spawn.run("/usr/bin/env", [tool] + arguments).output, as: UTF8.self)
        }
        let exif = try output("exiftool", ["-a", "-G1", "-s", "-n", "-GPS*", "-LocationInformation", "-UserData:all", path])
        let tags = try output("ffprobe", ["-v", "error", "-show_entries", "format_tags:format=duration", "-of", "default=nw=1", path])
        let duration = tags.split(separator: "\n").first { $0.hasPrefix("duration=") }.map(String.init) ?? ""
        return (exif, tags, duration)
    }

    private func redacted(_ path: String) throws -> (before: [UInt8], after: [UInt8]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let patches = try #require(VideoPlaceRedaction.patches(file: bytes))
        var copy = bytes
        GPSRedaction.apply(patches, to: &copy, at: 0)
        return (bytes, copy)
    }

    @Test(arguments: [
        // ffmpeg's MP4: 3GPP's `loci` and QuickTime's `©xyz`
        ("a.mp4", ["-metadata", "location=+48.8584+002.2945/"]),
        // an iPhone's MOV: the `mdta` key com.apple.quicktime.location.ISO6709
        ("b.mov", ["-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+000.000/"]),
    ])
    func aVideosPlaceIsTakenOutAndItStillPlays(_ name: String, _ arguments: [String]) throws {
        let path = try video(name, arguments)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let (before, after) = try redacted(path)
        let was = try said(before), now = try said(after)
        // given a video that says where it was shot
        #expect(was.exiftool.contains("48.858") && was.tags.contains("48.8584"))
        // then after the patches nothing says it, the file is as long, and it plays as long
        #expect(!now.exiftool.contains("48.858") && !now.exiftool.contains("2.294"), "\(now.exiftool)")
        #expect(!now.tags.contains("48.8584") && !now.tags.contains("002.2945"), "\(now.tags)")
        #expect(after.count == before.count && now.duration == was.duration && !now.duration.isEmpty)
        // and nothing changed but the boxes that said it: the pictures and sound are as they were
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(!changed.isEmpty && changed.count < 200)
    }

    @Test func aVideoWithoutAPlaceIsLeftAsItIs() throws {
        let path = try video("c.mp4", [])
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(VideoPlaceRedaction.patches(file: bytes) == [])
    }

    @Test func anXMPPositionIsBlanked() throws {
        let path = try video("d.mp4", [])
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try TestImages.run("exiftool", ["-q", "-overwrite_original", "-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945", path])
        let (before, after) = try redacted(path)
        #expect(try said(before).exiftool.contains("48.858"))
        #expect(!(try said(after).exiftool.contains("48.858")))
    }

    @Test func aVideoThatKeepsPositionsInItsSamplesOrCannotBeReadThroughIsRefused() throws {
        // a moov whose one track's sample entry is a GoPro's telemetry (`gpmd`)
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let stsd = box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + box("gpmd", [0, 0, 0, 0, 0, 0, 0, 1]))
        let moov = box("moov", box("trak", box("mdia", box("minf", box("stbl", stsd)))))
        let file = box("ftyp", Array("isom\0\0\0\0".utf8)) + moov + box("mdat", [1, 2, 3])
        #expect(VideoPlaceRedaction.patches(file: file) == nil)
        // and one whose boxes do not reach its end, or overrun it
        #expect(VideoPlaceRedaction.patches(file: box("ftyp", Array("isom".utf8)) + [0, 0, 0]) == nil)
        #expect(VideoPlaceRedaction.patches(file: [0, 0, 1, 0] + Array("mdat".utf8)) == nil)
        #expect(VideoPlaceRedaction.patches(file: []) == [])
    }
}
