import Synchronization

/// The last health check's findings, answered again for a moment: a monitor polling every few
/// seconds still sees every change within a second, and a burst of checks costs one catalog read.
final class HealthMemo: Sendable {
    private let kept = Mutex<(at: ContinuousClock.Instant, problems: [String])?>(nil)
    private let freshFor: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    init(freshFor: Duration = .seconds(1), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.freshFor = freshFor
        self.now = now
    }

    /// The problems found by a check at most `freshFor` ago, or by `check` now.
    func problems(_ check: () async -> [String]) async -> [String] {
        let moment = now()
        if let kept = kept.withLock({ $0 }), moment - kept.at < freshFor { return kept.problems }
        let found = await check()
        kept.withLock { $0 = (moment, found) }
        return found
    }
}
