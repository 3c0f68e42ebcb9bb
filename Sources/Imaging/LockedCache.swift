import Foundation

/// A small dictionary shared across threads behind a lock.
///
/// NSLock rather than Synchronization.Mutex, which would need macOS 15 while the package declares 14.
final class LockedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Key: Value] = [:]
    private let capacity: Int

    /// A cache that stops admitting new keys once it holds `capacity` of them.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The cached value for `key`, made with `make` (outside the lock) on a miss.
    func value(for key: Key, make: () -> Value) -> Value {
        if let hit = lock.withLock({ storage[key] }) { return hit }
        let made = make()
        lock.withLock {
            if storage.count < capacity { storage[key] = made }
        }
        return made
    }
}
