import Foundation
import Testing
import TestSupport

@testable import Imaging

@Suite("Reading ffprobe's JSON")
struct VideoInfoTests {
    /// A committed ffprobe answer from the fuzz corpus.
    private func corpus(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: FuzzCorpus.path("video-info/" + name))))
    }

    @Test("reads a QuickTime file with sound and a creation time")
    func movie() throws {
        // given
        let json = try corpus("creation-time-mov.json")
        // when
        let info = VideoInfo.parse(json)
        // then
        var expected = VideoInfo(duration: 1, width: 160, height: 120, rotation: 0, videoCodec: "h264", audioCodec: "aac",
                                 takenAt: Date(timeIntervalSince1970: 1_714_558_272))
        expected.takenOffset = 0  // creation_time is UTC
        #expect(info == expected)
    }

    @Test("reads where a video was shot from its ISO 6709 location")
    func location() throws {
        // given a QuickTime file's answer with a location tag
        let json = try corpus("location-mov.json")
        // when
        let info = VideoInfo.parse(json)
        // then
        #expect(info?.location == GeoPoint(latitude: 48.8577, longitude: 2.295))
        #expect(try VideoInfo.parse(corpus("creation-time-mov.json"))?.location == nil)
    }

    @Test("prefers Apple's local clock and turns the sides for an old rotate tag")
    func appleDate() throws {
        // given
        let json = try corpus("apple-date.json")
        // when
        let info = VideoInfo.parse(json)
        // then: 18:30 local, kept as the clock showed it
        #expect(info?.takenAt == Date(timeIntervalSince1970: 1_717_266_600))
        #expect(info?.rotation == 90)
        #expect(info?.width == 48 && info?.height == 64)
    }

    @Test("refuses nonsense numbers instead of keeping them")
    func nonsense() throws {
        // given
        let json = try corpus("nonsense-numbers.json")
        // when
        let info = VideoInfo.parse(json)
        // then
        #expect(info == nil)
    }

    @Test("any bytes give a value or nil, never a trap")
    func randomBytes() throws {
        // given
        var generator = SeededGenerator(seed: 7)
        let seed = try corpus("rotated-mov.json")
        for _ in 0..<300 {
            var bytes = seed
            for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            // when
            let info = VideoInfo.parse(bytes)
            // then
            if let info { #expect((1...VideoInfo.maxSide).contains(info.width) && [0, 90, 180, 270].contains(info.rotation)) }
        }
    }
}
