import Foundation
import Imaging
import TestSupport
import Testing
@testable import Catalog

/// The scan finds videos like photos, and lists a broken one once instead of trying it again.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct VideoScanTests {
    @Test(arguments: SourceKind.allCases) func videosAreCataloguedWithTheirLength(_ kind: SourceKind) async throws {
        // given a photo, an H.264 MP4 with a date and an HEVC MOV
        let lib = try TestLibrary(kind)
        try lib.addJPEG("a.jpg", seed: 1)
        let folder = NSTemporaryDirectory() + "photolala-scan-video-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestVideos.write(to: folder + "/clip.mp4", seconds: 2, metadata: ["creation_time=2024-05-01T10:11:12Z"])
        try TestVideos.write(to: folder + "/phone.mov", codec: .hevc, seed: 40)
        try lib.addBytes("trip/clip.mp4", [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/clip.mp4"))))
        try lib.addBytes("trip/phone.mov", [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/phone.mov"))))
        let store = try lib.openStore()
        // when
        let summary = try await lib.scanner(store).run()
        // then
        #expect(summary.added == 3 && summary.errors == 0)
        #expect(summary.kinds.photos == 1 && summary.kinds.videos == 2)
        let clip = try #require(try await store.photo(key: "trip/clip.mp4"))
        #expect(clip.format == .mp4 && clip.card.kind == .video && clip.videoCodec == "h264")
        #expect(abs((clip.card.durationMs ?? 0) - 2_000) < 200)
        #expect(clip.takenAt == 1_714_558_272 && clip.card.width == 160 && clip.card.height == 120)
        #expect(try await store.photo(key: "trip/phone.mov")?.videoCodec == "hevc")
        #expect(try await store.folder(at: "trip")?.photoCount == 2)
    }

    @Test(arguments: SourceKind.allCases) func aBrokenVideoIsAScanIssueOnce(_ kind: SourceKind) async throws {
        // given bytes that start like an MP4 and then are noise
        let lib = try TestLibrary(kind)
        var generator = SeededGenerator(seed: 16)
        let header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom\u{0}\u{0}\u{0}\u{0}isommp41".utf8)
        try lib.addBytes("broken.mp4", header + (0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let store = try lib.openStore()
        // when scanned twice
        let first = try await lib.scanner(store).run()
        let second = try await lib.scanner(store).run()
        // then it is listed with its reason, and the second scan does not read it again
        #expect(first.errors == 1 && first.added == 0)
        let issues = try await store.scanIssues(limit: 10)
        #expect(issues.map(\.key) == ["broken.mp4"])
        #expect(issues.first?.reason.contains("ffprobe") == true)
        #expect(second.errors == 1 && second.unchanged == 1 && second.added == 0)  // not retried, still reported
    }
}
