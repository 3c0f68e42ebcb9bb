import Dispatch

/// Runs blocking work (file walks, hashing, ImageMagick) on threads of its own,
/// never on the event loop or Swift's cooperative pool.
public struct BlockingPool: Sendable {
    private let queue: DispatchQueue

    /// Creates a pool; callers bound their own parallelism.
    public init(label: String, qos: DispatchQoS = .userInitiated) {
        queue = DispatchQueue(label: label, qos: qos, attributes: .concurrent)
    }

    /// Runs `body` on the pool and returns its result.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
