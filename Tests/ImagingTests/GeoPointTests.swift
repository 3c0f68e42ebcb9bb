import Foundation
import Testing
import TestSupport

@testable import Imaging

/// The readers of a position, as files and tools spell it: total, and never a position that is none.
@Suite struct GeoPointTests {
    @Test func readsEXIFRationalsAsImageMagickPrintsThem() throws {
        // given ImageMagick's text of three rationals, and texts that are not
        let parts = try #require(GeoPoint.rationals("48/1, 51/1, 3018/100"))
        // when turned by their references, then north and east are positive, south and west negative
        let point = try #require(GeoPoint(latitude: parts, north: "N", longitude: [2, 17, 40.13], east: "W"))
        #expect(abs(point.latitude - (48 + 51.0 / 60 + 30.18 / 3600)) < 1e-9)
        #expect(abs(point.longitude + (2 + 17.0 / 60 + 40.13 / 3600)) < 1e-9)
        for bad in ["", "1/0, 2/1, 3/1", "a/b", "1/1, 2/1, 3/1, 4/1", "-1/1", String(repeating: "1/1,", count: 100), "4294967296/1"] {
            #expect(GeoPoint.rationals(bad) == nil, "\(bad)")
        }
        #expect(GeoPoint(latitude: [91], north: "N", longitude: [0], east: "E") == nil)
        #expect(GeoPoint(latitude: [10, 61], north: "N", longitude: [0], east: "E") == nil)
        #expect(GeoPoint(latitude: [10], north: "Q", longitude: [1], east: "E") == nil)
        #expect(GeoPoint(latitude: [0], north: "N", longitude: [0], east: "E") == nil)
    }

    @Test func readsISO6709AsVideosKeepIt() throws {
        // given what QuickTime and Android write
        let eiffel = try #require(GeoPoint.iso6709("+48.8577+002.2950/"))
        let withAltitude = try #require(GeoPoint.iso6709("-33.8568+151.2153+005.000/"))
        let withCRS = try #require(GeoPoint.iso6709("+27.5916+086.5640+8850CRSWGS_84/"))
        // then each is the position it says
        #expect(eiffel.latitude == 48.8577 && eiffel.longitude == 2.295)
        #expect(withAltitude.latitude == -33.8568 && withAltitude.longitude == 151.2153)
        #expect(withCRS.latitude == 27.5916)
        for bad in ["", "48.85+2.29", "+48.85", "+91.0+002.0/", "+4851+00217/", "+1.0+2.0x", "++1+2", "+0.0+0.0/"] {
            #expect(GeoPoint.iso6709(bad) == nil, "\(bad)")
        }
    }

    @Test func randomTextNeverTrapsAndEveryPointIsOnEarth() {
        // given random bytes of the alphabet positions are written in, with a fixed seed
        var random = SeededGenerator(seed: 6709)
        let alphabet = Array("+-0123456789./, NSEW".utf8)
        for _ in 0..<20_000 {
            let text = String(decoding: (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }, as: UTF8.self)
            // when each reader reads it, then what it gives is a position on Earth, or nothing
            for point in [GeoPoint.iso6709(text), GeoPoint.rationals(text).flatMap { GeoPoint(latitude: $0, north: "S", longitude: $0, east: "W") }] {
                guard let point else { continue }
                #expect(abs(point.latitude) <= 90 && abs(point.longitude) <= 180 && point.latitude.isFinite)
            }
        }
    }
}
