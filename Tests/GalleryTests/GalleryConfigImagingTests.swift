import Imaging
import Testing
@testable import Gallery

/// How a server decodes, as its configuration hands it to `Runtime.start`: its limits, and its
/// worker processes started as `decode-worker` with the same pixel cap.
@Suite struct GalleryConfigImagingTests {
    @Test func theServersSettingsAreItsLimitsAndItsWorkers() {
        var config = GalleryConfig(libraryPath: "/library", dataPath: "/data")
        config.maxPixels = 40_000_000
        config.decodeTimeout = 12
        config.thumbnailWorkers = 3
        config.workerExecutable = "/opt/photolala"
        #expect(config.imaging == ImagingSettings(maxPixels: 40_000_000, decodeTimeout: 12, workers: .init(
            executable: "/opt/photolala", arguments: ["decode-worker", "--max-pixels", "40000000"], count: 3)))
        // at least two workers, so one stuck decode never stops every other
        config.thumbnailWorkers = 1
        #expect(config.imaging.workers?.count == 2)
        // and decodes in this process when workers are turned off
        config.isolateDecoders = false
        #expect(config.imaging == ImagingSettings(maxPixels: 40_000_000, decodeTimeout: 12))
    }

    @Test func aWorkerOfThisProgramIsTheProgramItself() {
        let settings = ImagingSettings().inWorkers(command: "decode-worker", count: 2)
        #expect(settings.workers?.executable == ImagingSettings.thisProgram && !ImagingSettings.thisProgram.isEmpty)
        #expect(settings.workers?.arguments == ["decode-worker", "--max-pixels", "250000000"])
    }
}
