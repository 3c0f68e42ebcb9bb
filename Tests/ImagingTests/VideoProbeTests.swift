import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Probing videos with ffprobe in a child process", .enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct VideoProbeTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    @Test("reads duration, size, codecs and the shooting date of an H.264 MP4")
    func h264() throws {
        // given
        let path = workspace.path("a.mp4")
        try TestVideos.write(to: path, seconds: 2, size: "320x240", metadata: ["creation_time=2024-05-01T10:11:12Z"])
        // when
        let probe = try Imaging.probe(fileAt: path, format: .mp4)
        // then
        #expect(probe.width == 320 && probe.height == 240 && probe.orientation == 1)
        #expect(probe.video?.videoCodec == "h264")
        #expect(probe.video?.audioCodec == nil)
        #expect(abs((probe.video?.duration ?? 0) - 2) < 0.2)
        #expect(probe.takenAt == Date(timeIntervalSince1970: 1_714_558_272))
    }

    @Test("names HEVC, and a WebM's VP9")
    func otherCodecs() throws {
        // given
        let hevc = workspace.path("h.mov")
        let webm = workspace.path("v.webm")
        try TestVideos.write(to: hevc, codec: .hevc)
        try TestVideos.write(to: webm, codec: .vp9)
        // when
        let hevcProbe = try Imaging.probeVideo(fileAt: hevc, format: .mov)
        let webmProbe = try Imaging.probeVideo(fileAt: webm, format: .webm)
        // then
        #expect(hevcProbe.videoCodec == "hevc")
        #expect(webmProbe.videoCodec == "vp9")
    }

    @Test("a quarter-turned video reports its sides as shown")
    func rotated() throws {
        // given
        let plain = workspace.path("plain.mp4")
        let turned = workspace.path("turned.mp4")
        try TestVideos.write(to: plain)
        try TestImages.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", plain, "-c", "copy", "-metadata:s:v", "rotate=90", turned])
        // when
        let info = try Imaging.probeVideo(fileAt: turned, format: .mp4)
        // then
        #expect(info.rotation == 90 || info.rotation == 270)
        #expect(info.width == 120 && info.height == 160)
    }

    @Test("garbage behind a video signature is a clear error, not a crash")
    func garbage() throws {
        // given
        var generator = SeededGenerator(seed: 16)
        let header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom\u{0}\u{0}\u{0}\u{0}isommp41".utf8)
        let path = try workspace.write("bad.mp4", header + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        // when / then
        #expect(throws: ImagingError.unreadableVideo("ffprobe could not read the video")) {
            try Imaging.probe(fileAt: path, format: .mp4)
        }
    }

    @Test("a missing tool is named")
    func missingTool() {
        // when / then
        #expect(throws: ImagingError.unreadableVideo("photolala-no-such-tool is not installed")) {
            try ChildProcess.run("photolala-no-such-tool", [], timeout: 1, memory: 64 << 20, maxOutput: 16)
        }
    }

    @Test("a child past its deadline is killed, with the tool it runs")
    func deadline() throws {
        // given
        let started = Date()
        // when / then
        #expect(throws: ImagingError.timedOut(0.3)) {
            try ChildProcess.run("sleep", ["31.25"], timeout: 0.3, memory: 64 << 20, maxOutput: 16)
        }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try processes(naming: "31.25").isEmpty)
    }

    @Test("the deadline holds without us: the tool runs under timeout, which kills it two seconds after ours")
    func backstop() throws {
        // when a child says what its parent is
        let outcome = try ChildProcess.run("sh", ["-c", "cat /proc/$PPID/cmdline"], timeout: 10, memory: 64 << 20, maxOutput: 4096)
        // then it is GNU timeout, with SIGKILL at 12 s
        let words = outcome.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(words.first?.hasSuffix("/timeout") == true)
        #expect(Array(words.dropFirst().prefix(2)) == ["--signal=KILL", "12.00"])
    }

    /// The command lines of running processes holding `argument`.
    private func processes(naming argument: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.contains(argument) ? words.joined(separator: " ") : nil
        }
    }

    @Test("a child gets no more memory than its limit")
    func memoryLimit() throws {
        // when
        let starved = try ChildProcess.run("ffprobe", ["-version"], timeout: 10, memory: 4 << 20, maxOutput: 1024)
        let fed = try ChildProcess.run("ffprobe", ["-version"], timeout: 10, memory: Imaging.videoToolMemory, maxOutput: 1024)
        // then
        #expect(starved.status != 0)
        #expect(fed.status == 0)
        #expect(fed.output.count == 1024)
    }
}
