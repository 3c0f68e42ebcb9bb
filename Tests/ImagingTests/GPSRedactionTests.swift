import Foundation
import Testing
import TestSupport

@testable import Imaging

/// A JPEG handed out without where it was taken: the GPS IFD emptied and XMP's GPS values
/// blanked in place, everything else as it was.
@Suite struct GPSRedactionTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
    }

    /// A JPEG with a date, a camera, and a position in EXIF and in XMP.
    private func located() throws -> String {
        let path = try workspace.convert("home.jpg", ["-size", "320x240", "plasma:", "-quality", "85"])
        try Tool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2024:07:14 16:20:00", "-Make=Acme", "-Model=Phone 9",
                                  "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
                                  "-GPSAltitude=35", "-GPSTimeStamp=14:20:00",
                                  "-XMP-exif:GPSLatitude=48,51.504N", "-XMP-exif:GPSLongitude=2,17.67E", path])
        return path
    }

    private func redacted(_ bytes: [UInt8]) throws -> [UInt8] {
        let patches = try #require(GPSRedaction.patches(Array(bytes.prefix(JPEGHeader.usefulPrefix))))
        var copy = bytes
        GPSRedaction.apply(patches, to: &copy, at: 0)
        return copy
    }

    @Test func thePositionIsGoneAndEverythingElseStays() throws {
        let path = try located()
        let bytes = try workspace.bytes(path)
        #expect(JPEGHeader.probe(bytes)?.location != nil)
        let clean = try redacted(bytes)
        // the same length, the same pixels and the same date and camera, and no position for us or for exiftool
        #expect(clean.count == bytes.count)
        let probe = try #require(JPEGHeader.probe(clean))
        #expect(probe.location == nil && probe.cameraMake == "Acme" && probe.takenAt == Date(timeIntervalSince1970: 1_720_974_000))
        let out = try workspace.write("clean.jpg", clean)
        let said = try Tool.run("exiftool", ["-s", "-a", "-G1", "-gps:all", "-xmp-exif:all", out])
        #expect(!said.contains("48") && !said.contains("2.29") && !said.contains("17.67"), "\(said)")
        #expect(try Tool.run("exiftool", ["-s3", "-Make", out]).contains("Acme"))
        #expect(try Imaging.probeHere(fileAt: out, format: .jpeg).location == nil)
        let rendition = try Imaging.renderJPEGHere(fileAt: out, format: .jpeg, width: 64, height: 64, fit: .cover)
        #expect(!rendition.isEmpty)
        // every patch lies before the pixels (the start of scan), which are untouched
        let scan = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        #expect(Array(clean[scan...]) == Array(bytes[scan...]))
    }

    @Test func patchesAppliedChunkByChunkGiveTheSameFile() throws {
        let bytes = try workspace.bytes(try located())
        let patches = try #require(GPSRedaction.patches(Array(bytes.prefix(JPEGHeader.usefulPrefix))))
        let whole = try redacted(bytes)
        var random = SeededGenerator(seed: 39)
        for _ in 0..<20 {
            var joined: [UInt8] = []
            var at = 0
            while at < bytes.count {
                let size = Int.random(in: 1...4_000, using: &random)
                var chunk = Array(bytes[at..<min(at + size, bytes.count)])
                GPSRedaction.apply(patches, to: &chunk, at: at)
                joined += chunk
                at += chunk.count
            }
            #expect(joined == whole)
        }
    }

    @Test func aHeaderThatCannotBeReadThroughGivesNoPatchesAndCutsNeverTrap() throws {
        let bytes = try workspace.bytes(try located())
        #expect(GPSRedaction.patches([]) == nil)
        #expect(GPSRedaction.patches([0x89, 0x50, 0x4E, 0x47]) == nil)
        let header = Array(bytes.prefix(JPEGHeader.usefulPrefix))
        for length in stride(from: 0, to: min(header.count, 40_000), by: 97) {
            let cut = Array(header.prefix(length))
            guard let patches = GPSRedaction.patches(cut) else { continue }
            #expect(patches.allSatisfy { $0.offset >= 0 && $0.offset + $0.bytes.count <= cut.count })
        }
    }
}
