import Foundation
import Imaging
import TestSupport
import Testing
@testable import Catalog

/// What serve and scan both begin with (`Runtime.start`): another library's catalog is refused,
/// and a file that crashed the last reader is marked before anything reads it. (Decoding's
/// settings are the process's, which the other tests running beside this one set too: the value
/// each command hands over is tested where it is made, `GalleryConfigImagingTests`.)
@Suite struct RuntimeTests {
    @Test func aStartBindsTheLibraryAndMarksTheFileThatCrashedTheLastRun() async throws {
        // given a data folder whose journal blames "bad.jpg" for the death of an earlier process
        let lib = try TestLibrary()
        try lib.addJPEG("bad.jpg", seed: 1)
        try lib.addJPEG("good.jpg", seed: 2)
        let bad = try #require(try await lib.source.entry(forKey: "bad.jpg"))
        try FileManager.default.createDirectory(atPath: lib.data + "/reading", withIntermediateDirectories: true)
        var blamed = ReadJournal.record(.scan, bad)
        blamed[0] = ReadJournal.culpritMark
        try Data(blamed).write(to: URL(fileURLWithPath: lib.data + "/reading/\(Int32.max - 1)-1"))
        // when a command starts
        let settings = ImagingSettings()
        let runtime = try await Runtime.start(.dataFolder(lib.data), library: lib.library, dataFolder: lib.data, imaging: settings,
                                              logger: .init(label: "test"))
        // then the blamed file is marked before any scan reads it
        #expect(runtime.recovery.culprits.map(\.entry) == [bad])
        #expect(try await runtime.store.scanIssues(limit: 5).map(\.key) == ["bad.jpg"])
        // and the catalog is bound to this library: another folder is refused, nothing of it read
        let other = try TestLibrary()
        await #expect(throws: LibraryMismatch.self) {
            try await Runtime.start(.dataFolder(lib.data), library: other.library, dataFolder: lib.data, imaging: settings, logger: .init(label: "test"))
        }
    }
}
