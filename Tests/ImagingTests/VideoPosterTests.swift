import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Poster frames of videos", .serialized, .enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct VideoPosterTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// Renders the poster of the video at `path` and writes it to `name`.
    private func poster(_ path: String, _ format: ImageFormat, _ name: String, box: (Int, Int), fit: RenditionFit,
                        rotation: Rotation = .none) throws -> String {
        let jpeg = try Imaging.renderJPEG(fileAt: path, format: format, width: box.0, height: box.1, fit: fit, rotation: rotation)
        return try workspace.write(name, jpeg)
    }

    @Test("an H.264 and an HEVC video each give a JPEG grid thumbnail and a screen rendition")
    func rendersPosters() throws {
        // given
        let h264 = workspace.path("a.mp4")
        let hevc = workspace.path("b.mov")
        try TestVideos.write(to: h264, seconds: 2, size: "320x240")
        try TestVideos.write(to: hevc, codec: .hevc, size: "320x240")
        // when
        let grid = try poster(h264, .mp4, "grid.jpg", box: (256, 256), fit: .cover)
        let screen = try poster(hevc, .mov, "screen.jpg", box: (1440, 1440), fit: .fit)
        // then
        #expect(try ImageFormat.sniff(fileAt: grid) == .jpeg)
        #expect(try Tool.dimensions(of: grid) == (256, 256))
        #expect(try Tool.dimensions(of: screen) == (320, 240))
    }

    @Test("a quarter-turned video's poster stands as the video is shown, then takes the household's turn")
    func turned() throws {
        // given
        let plain = workspace.path("plain.mp4")
        let turned = workspace.path("turned.mp4")
        try TestVideos.write(to: plain, size: "320x240")
        try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", plain, "-c", "copy", "-metadata:s:v", "rotate=90", turned])
        // when
        let shown = try poster(turned, .mp4, "shown.jpg", box: (1440, 1440), fit: .fit)
        let turnedBack = try poster(turned, .mp4, "back.jpg", box: (1440, 1440), fit: .fit, rotation: .right)
        // then
        #expect(try Tool.dimensions(of: shown) == (240, 320))
        #expect(try Tool.dimensions(of: turnedBack) == (320, 240))
    }

    @Test("a clip shorter than a second still has a poster")
    func shortClip() throws {
        // given
        let path = workspace.path("blink.webm")
        try TestVideos.write(to: path, codec: .vp9, seconds: 0.3)
        // when
        let out = try poster(path, .webm, "blink.jpg", box: (256, 256), fit: .cover)
        // then
        #expect(try Tool.dimensions(of: out) == (256, 256))
    }

    @Test("a video ffmpeg cannot read is a clear error, and leaves no frame behind")
    func unreadable() throws {
        // given
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("photolala-poster-") })
        var generator = SeededGenerator(seed: 4)
        let path = try workspace.write("noise.mkv", [0x1A, 0x45, 0xDF, 0xA3, 0x87, 0x42, 0x82, 0x84] + Array("webm".utf8)
                                       + (0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) })
        // when / then
        #expect(throws: ImagingError.self) {
            try Imaging.renderJPEG(fileAt: path, format: .webm, width: 256, height: 256, fit: .cover)
        }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("photolala-poster-") })
        #expect(after.subtracting(before).isEmpty)
    }
}
