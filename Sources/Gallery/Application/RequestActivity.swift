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

    /// Returns once no request has arrived for `quiet` (at once if none has), or when cancelled.
    func waitForQuiet() async {
        let quietNanoseconds = UInt64(quiet.components.seconds) * 1_000_000_000 + UInt64(quiet.components.attoseconds / 1_000_000_000)
        while !Task.isCancelled {
            let since = DispatchTime.now().uptimeNanoseconds &- last.load(ordering: .relaxed)
            guard since < quietNanoseconds else { return }
            try? await Task.sleep(for: .nanoseconds(Int64(quietNanoseconds - since)))
        }
    }
}
