import Foundation

/// Requests per token, as a bucket that refills steadily: a token may spend `burst` at once,
/// then `perMinute` a minute. Kept by each instance for its own requests.
actor APIRateLimit {
    private let perSecond: Double
    private let burst: Double
    private var buckets: [Int64: (tokens: Double, at: ContinuousClock.Instant)] = [:]

    init(perMinute: Int, burst: Int) {
        perSecond = Double(max(1, perMinute)) / 60
        self.burst = Double(max(1, burst))
    }

    /// Takes one request from `token`'s bucket; nil when it may go ahead, else how many seconds
    /// until it may.
    func take(_ token: Int64, now: ContinuousClock.Instant = .now) -> Int? {
        var bucket = buckets[token] ?? (burst, now)
        let elapsed = bucket.at.duration(to: now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        bucket.tokens = min(burst, bucket.tokens + max(0, seconds) * perSecond)
        bucket.at = now
        defer { buckets[token] = bucket }
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            return nil
        }
        if buckets.count > 10_000 { buckets = buckets.filter { $0.value.tokens < burst } }
        return Int(((1 - bucket.tokens) / perSecond).rounded(.up))
    }
}
