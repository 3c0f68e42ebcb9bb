import CMagickWand
import Testing
@testable import Imaging

@Suite struct ResourceLimitTests {
    @Test("ImageMagick runs under our limits, whatever policy.xml allows")
    func limitsAreSetFromCode() {
        for limit in Imaging.resourceLimits {
            #expect(Imaging.currentLimit(limit.type) <= limit.value, "\(limit.name)")
        }
        #expect(Imaging.currentLimit(ThreadResource) == 1)
    }

    @Test("no ImageMagick limit counts process uptime: the time resource stays unlimited")
    func noUptimeLimit() {
        // given: ImageMagick started with our limits
        Imaging.bootstrap()
        // then: its time limit (seconds since the process started) is not set, per decode deadlines replace it
        #expect(Imaging.resourceLimits.allSatisfy { $0.type != TimeResource })
        #expect(Imaging.currentLimit(TimeResource) == MagickSizeType.max >> 1)
    }
}
