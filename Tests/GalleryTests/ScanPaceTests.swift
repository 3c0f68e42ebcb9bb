import Catalog
import Foundation
import Testing
@testable import Gallery

@Suite struct ScanPaceTests {
    @Test(arguments: [(0.02, "under 0.1 s"), (0.44, "0.4 s"), (9.94, "9.9 s"), (12.4, "12 s"), (185, "3 min 5 s"), (7_830, "2 h 10 min")])
    func durationsReadAsAPersonSaysThem(seconds: Double, text: String) {
        #expect(ScanView.duration(seconds).english == text)
    }

    @Test func aFinishedScanSaysHowLongItTookNotASpeedOfZero() {
        var p = ScanProgress()
        #expect(ScanView.rate(p).label == "Speed" && ScanView.rate(p).text == "–")
        p.phase = .scanning
        p.startedAt = Date(timeIntervalSinceNow: -4)
        #expect(ScanView.rate(p).label == "Speed" && ScanView.rate(p).text == "starting…")
        p.processed = 40
        #expect(ScanView.rate(p).text == "10 files/s")
        // a scan of a few files that took 20 ms: how long, and no "0 files/s"
        p.phase = .finished
        p.startedAt = Date(timeIntervalSince1970: 1_000)
        p.finishedAt = Date(timeIntervalSince1970: 1_000.02)
        p.processed = 19
        #expect(ScanView.rate(p).label == "Took" && ScanView.rate(p).text == "under 0.1 s")
        p.finishedAt = Date(timeIntervalSince1970: 1_185)
        p.processed = 3_700
        #expect(ScanView.rate(p).label == "Took" && ScanView.rate(p).text == "3 min 5 s (20 files/s)")
    }
}
