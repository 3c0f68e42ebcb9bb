import Synchronization

/// Keeps one computed value until the catalog version it was computed at changes.
public final class VersionedCache<Value: Sendable>: Sendable {
    public init() {}

    private let slot = Mutex<(version: Int, value: Value)?>(nil)

    /// The cached value for `version`, computing (outside the lock) when stale.
    public func value(at version: Int, compute: () throws -> Value) rethrows -> Value {
        if let hit = slot.withLock({ $0 }), hit.version == version { return hit.value }
        let fresh = try compute()
        slot.withLock { $0 = (version, fresh) }
        return fresh
    }
}
