import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking work (file walks, hashing, ImageMagick) on threads of its own,
/// never on the event loop or Swift's cooperative pool.
public struct BlockingPool: Sendable {
    private let queue: DispatchQueue
    private let background: Bool

    /// Creates a pool; callers bound their own parallelism. Work of `.utility` or lower runs on
    /// threads that give way to everything else (see `run`).
    public init(label: String, qos: DispatchQoS = .userInitiated) {
        queue = DispatchQueue(label: label, qos: qos, attributes: .concurrent)
        background = [.utility, .background].contains(qos.qosClass)
    }

    /// Runs `body` on the pool and returns its result.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [background] in
                if background { Self.yieldToRequests() }
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// Lowers the calling thread to nice 10, so that a scan's hashing and reading, which keep
    /// every core busy, give way to requests: Linux does not map a queue's QoS to a priority.
    /// Dispatch keeps threads of their own for each QoS, so only background work runs on it.
    private static func yieldToRequests() {
        #if canImport(Glibc)
            // "/proc/thread-self" links to "<pid>/task/<tid>".
            var link = [CChar](repeating: 0, count: 64)
            let length = readlink("/proc/thread-self", &link, link.count - 1)
            guard length > 0, let tid = String(cString: link).split(separator: "/").last.flatMap({ id_t($0) }) else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, 10)
        #endif
    }
}
