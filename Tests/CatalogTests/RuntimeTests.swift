import Foundation
import Imaging
import TestSupport
import Testing
@testable import Catalog

/// What serve and scan both begin with (`Runtime.start`): another library's catalog is refused,
/// decoding takes the settings it is given, and a file that crashed the last reader is marked
/// before anything reads it.
@Suite(.serialized) struct RuntimeTests {
    @Test func aStartBindsTheLibrarySetsDecodingAndMarksTheFileThatCrashedTheLastRun() async throws {
        // given a data folder whose journal blames "bad.jpg" for the death of an earlier process
        let lib = try TestLibrary()
        try lib.addJPEG("bad.jpg", seed: 1)
        try lib.addJPEG("good.jpg", seed: 2)
        let bad = try #require(try await lib.source.entry(forKey: "bad.jpg"))
        try FileManager.default.createDirectory(atPath: lib.data + "/reading", withIntermediateDirectories: true)
        var blamed = ReadJournal.record(.scan, bad)
        blamed[0] = ReadJournal.culpritMark
        try Data(blamed).write(to: URL(fileURLWithPath: lib.data + "/reading/\(Int32.max - 1)-1"))
        // when a command starts with its own decode limits
        let before = ImagingSettings(maxPixels: Imaging.maxPixels, decodeTimeout: Imaging.decodeTimeout)
        defer { Imaging.start(before) }
        let settings = ImagingSettings(maxPixels: 250_000_001, decodeTimeout: 29)
        let runtime = try await Runtime.start(.dataFolder(lib.data), library: lib.library, dataFolder: lib.data, imaging: settings,
                                              logger: .init(label: "test"))
        // then decoding keeps them, and the blamed file is marked before any scan reads it
        #expect(Imaging.maxPixels == 250_000_001 && Imaging.decodeTimeout == 29)
        #expect(runtime.recovery.culprits.map(\.entry) == [bad])
        #expect(try await runtime.store.scanIssues(limit: 5).map(\.key) == ["bad.jpg"])
        // and the catalog is bound to this library: another folder is refused, nothing of it read
        let other = try TestLibrary()
        await #expect(throws: LibraryMismatch.self) {
            try await Runtime.start(.dataFolder(lib.data), library: other.library, dataFolder: lib.data, imaging: settings, logger: .init(label: "test"))
        }
    }
}
