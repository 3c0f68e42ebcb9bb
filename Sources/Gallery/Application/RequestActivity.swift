import Dispatch
import Synchronization

/// When the last request arrived, so that work done beside the requests (measuring likeness)
/// gives way to visitors: on two cores a million stills take hours to measure, and pages kept
/// waiting behind it (and behind the recounts its changes set off) would be that much slower.
/// Noted by `FrontDoorResponder`, which every request passes.
final class RequestActivity: Sendable {
    /// How long after the last request background work waits before it goes on.
    let quiet: Duration
    private let last = Atomic<UInt64>(0)

    init(quiet: Duration = .seconds(1)) { self.quiet = quiet }

    func noteRequest() { last.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) }

    /// Returns once no request has arrived for `quiet` (at once if none has), once `longest` has
    /// passed (so that work beside requests that never stop, a page polled or a frame view, still
    /// goes on, a step at a time), or when cancelled; true when it was quiet.
    @discardableResult
    func waitForQuiet(atMost longest: Duration) async -> Bool {
        let quietNanoseconds = Self.nanoseconds(quiet)
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.nanoseconds(longest)
        while !Task.isCancelled {
            let now = DispatchTime.now().uptimeNanoseconds
            let since = now &- last.load(ordering: .relaxed)
            guard since < quietNanoseconds else { return true }
            guard now < deadline else { return false }
            try? await Task.sleep(for: .nanoseconds(Int64(min(quietNanoseconds - since, deadline - now))))
        }
        return false
    }

    /// Returns once a request has arrived, once `longest` has passed since `start` (an uptime in
    /// nanoseconds), or when cancelled.
    func waitForFirstRequest(since start: UInt64, atMost longest: Duration) async {
        let deadline = start &+ Self.nanoseconds(longest)
        while !Task.isCancelled, last.load(ordering: .relaxed) == 0 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            try? await Task.sleep(for: .nanoseconds(Int64(min(deadline - now, 50_000_000))))
        }
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(max(0, duration.components.seconds)) * 1_000_000_000 + UInt64(max(0, duration.components.attoseconds) / 1_000_000_000)
    }
}
