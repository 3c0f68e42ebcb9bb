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
        #expect(Imaging.currentLimit(TimeResource) <= 120)
    }
}
