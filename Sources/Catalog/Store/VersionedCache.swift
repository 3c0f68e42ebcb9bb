import Synchronization

/// Keeps one computed value until the catalog version it was computed at changes.
public final class VersionedCache<Value: Sendable>: Sendable {
    private let slot = Mutex<(version: Int, at: ContinuousClock.Instant, value: Value)?>(nil)

    public init() {}

    /// The cached value for `version`, computing (outside the lock) when stale. A value computed
    /// at an older version is still used while younger than `tolerance`: a scan changes the
    /// catalog every half second, and counts a few seconds old are fine while it runs.
    public func value(at version: Int, tolerating tolerance: Duration = .zero, compute: () throws -> Value) rethrows -> Value {
        if let hit = hit(at: version, tolerating: tolerance) { return hit }
        return keep(try compute(), at: version)
    }

    /// `value(at:tolerating:compute:)` for a value computed asynchronously (by a catalog query).
    public func value(at version: Int, tolerating tolerance: Duration = .zero, computing compute: () async throws -> Value) async rethrows -> Value {
        if let hit = hit(at: version, tolerating: tolerance) { return hit }
        return keep(try await compute(), at: version)
    }

    private func hit(at version: Int, tolerating tolerance: Duration) -> Value? {
        guard let hit = slot.withLock({ $0 }),
              hit.version == version || (tolerance > .zero && ContinuousClock.now - hit.at < tolerance) else { return nil }
        return hit.value
    }

    private func keep(_ fresh: Value, at version: Int) -> Value {
        slot.withLock { $0 = (version, .now, fresh) }
        return fresh
    }
}
