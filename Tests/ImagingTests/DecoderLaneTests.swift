import Foundation
import Synchronization
import Testing

@testable import Imaging

/// The decoder workers' two lanes: a visitor's decode and the work beside the requests each have
/// workers of their own, the background's niced, and a visitor's decode underway is known, so
/// background work can hold back. The workers here are a shell that answers every request with
/// its own niceness (or, for the slow one, after a pause), read from /proc.
@Suite struct DecoderLaneTests {
    /// A worker that answers each request line with an error naming its niceness.
    static let tellsItsNiceness = #"while read -r line; do echo "{\"error\":\"nice $(cut -d' ' -f19 /proc/$$/stat)\"}"; done"#

    private func answer(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch ImagingError.unreadable(let reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test func likenessRunsInNicedWorkersAndRendersDoNot() {
        let workers = DecoderWorkers(executable: "/bin/sh", arguments: ["-c", Self.tellsItsNiceness], count: 1)
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #expect(answer { try workers.render(path: "/a.jpg", format: .jpeg, width: 10, height: 10, fit: .fit, quality: 80, rotation: .none) }
            == "nice \(base)")
        #expect(answer { try workers.probe(path: "/a.png", format: .png) } == "nice \(base)")
        #expect(answer { try workers.likeness(path: "/a.jpg", format: .jpeg) } == "nice \(min(19, base + DecoderWorkers.backgroundNiceness))")
        // and a visitor's decode still has its own worker while the background lane's is kept
        #expect(answer { try workers.render(path: "/a.jpg", format: .jpeg, width: 10, height: 10, fit: .fit, quality: 80, rotation: .none) }
            == "nice \(base)")
    }

    @Test func theBackgroundLanesIdleWorkersEndWhenItsRunIsOver() {
        // given workers that answer with their process id
        let workers = DecoderWorkers(executable: "/bin/sh", arguments: ["-c", #"while read -r line; do echo "{\"error\":\"pid $$\"}"; done"#],
                                     count: 1)
        // when the background lane measures twice, then one worker answers both
        let first = answer { try workers.likeness(path: "/a.jpg", format: .jpeg) }
        #expect(first.hasPrefix("pid "))
        #expect(answer { try workers.likeness(path: "/a.jpg", format: .jpeg) } == first)
        let visitor = answer { try workers.probe(path: "/a.png", format: .png) }
        // when its idle workers are ended, then the next measure starts another, and the visitors' is kept
        workers.stopIdleBackgroundWorkers()
        let next = answer { try workers.likeness(path: "/a.jpg", format: .jpeg) }
        #expect(next.hasPrefix("pid ") && next != first)
        #expect(answer { try workers.probe(path: "/a.png", format: .png) } == visitor)
    }

    @Test func aVisitorsDecodeIsKnownWhileItWaitsOrRuns() async throws {
        // given a worker that answers after half a second
        let slow = #"while read -r line; do sleep 0.5; echo '{"error":"done"}'; done"#
        let workers = DecoderWorkers(executable: "/bin/sh", arguments: ["-c", slow], count: 1)
        #expect(!workers.visitorsWaiting)
        // when a visitor's render is underway, then it is known
        let render = Task.detached { try? workers.render(path: "/a.jpg", format: .jpeg, width: 10, height: 10, fit: .fit, quality: 80, rotation: .none) }
        var seen = false
        for _ in 0..<40 where !seen {
            seen = workers.visitorsWaiting
            if !seen { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(seen)
        _ = await render.value
        // and a moment after it ended (a visitor scrolling asks for the next right after), no longer
        while workers.visitorsWaiting { try await Task.sleep(for: .milliseconds(20)) }
        // and a likeness underway is not a visitor's
        let measure = Task.detached { try? workers.likeness(path: "/a.jpg", format: .jpeg) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(!workers.visitorsWaiting)
        _ = await measure.value
    }
}
