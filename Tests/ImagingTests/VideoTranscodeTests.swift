import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Playable renditions of videos", .enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct VideoTranscodeTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("an HEVC video becomes an H.264 MP4 of the same size and length")
    func hevcToH264() throws {
        // given
        let source = workspace.path("phone.mov")
        try TestVideos.write(to: source, codec: .hevc, seconds: 1, size: "320x240")
        let target = workspace.path("playable.mp4")
        // when
        try Imaging.transcodePlayable(fileAt: source, format: .mov, duration: 1, to: target)
        // then
        let info = try Imaging.probeVideo(fileAt: target, format: .mp4)
        #expect(info.videoCodec == "h264" && info.width == 320 && info.height == 240)
        #expect(abs((info.duration ?? 0) - 1) < 0.2)
        #expect(ImageFormat.sniff([UInt8](try Data(contentsOf: URL(fileURLWithPath: target)).prefix(64))) == .mp4)
    }

    @Test("an old AVI codec becomes an H.264 MP4")
    func aviToH264() throws {
        // given
        let source = workspace.path("old.avi")
        try TestVideos.write(to: source, codec: .mpeg4)
        let target = workspace.path("playable.mp4")
        // when
        try Imaging.transcodePlayable(fileAt: source, format: .avi, duration: nil, to: target)
        // then
        #expect(try Imaging.probeVideo(fileAt: target, format: .mp4).videoCodec == "h264")
    }

    @Test("a video ffmpeg cannot read leaves no rendition behind")
    func unreadable() throws {
        // given
        let source = try workspace.write("noise.mp4", [0, 0, 0, 0x18] + Array("ftypisom\u{0}\u{0}\u{0}\u{0}isommp41".utf8)
                                         + Array(repeating: 0x5A, count: 4096))
        let target = workspace.path("playable.mp4")
        // when / then
        #expect(throws: ImagingError.unreadableVideo("ffmpeg could not convert the video")) {
            try Imaging.transcodePlayable(fileAt: source, format: .mp4, duration: nil, to: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("the time limit grows with the length and has a ceiling", arguments: [
        (Double?.none, 6_060.0), (0, 60), (10, 160), (.infinity, 60), (1e9, 14_400),
    ])
    func timeLimit(duration: Double?, expected: Double) {
        // when / then
        #expect(Imaging.transcodeTimeout(duration: duration) == expected)
    }

    @Test("a length the container claims is bounded by the file's size", arguments: [
        (Double?.none, Int64(1_000_000), 80.0), (Double?(4 * 3_600), Int64(2_000_000), 100.0), (Double?(10), Int64(50_000_000), 160.0),
        (Double?(1e9), Int64(0), 60.0),
    ] as [(Double?, Int64, Double)])
    func timeLimitFollowsTheBytes(duration: Double?, bytes: Int64, expected: Double) {
        // given a file of `bytes` whose container claims `duration`
        // when / then the limit is no more than its bytes could need
        #expect(Imaging.transcodeTimeout(duration: duration, bytes: bytes) == expected)
    }
}
