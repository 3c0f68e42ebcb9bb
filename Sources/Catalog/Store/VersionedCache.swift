import Synchronization

/// Keeps one computed value until the catalog version it was computed at changes. Requests that
/// find it stale at the same moment share one computation instead of each running the queries.
public final class VersionedCache<Value: Sendable>: Sendable {
    private struct Kept {
        var version: Int
        var at: ContinuousClock.Instant
        var value: Value
    }
    private struct Pending {
        var version: Int
        var id: Int
        var task: Task<Value, any Error>
    }
    private struct State {
        var kept: Kept?
        var pending: Pending?
        var nextId = 0
    }
    private enum Plan {
        case hit(Value)
        case wait(Task<Value, any Error>)
    }

    private let state = Mutex(State())

    public init() {}

    /// The cached value for `version` (or a newer one), computed when stale. A value computed at
    /// an older version is still used while younger than `tolerance`: a scan changes the catalog
    /// with every batch, and counts a few seconds old are fine while it runs. Past that, a
    /// tolerant caller still gets the value it has while one computation for the newest version
    /// runs in the background, so a page shown during a scan never waits for a recount. Without
    /// tolerance the value is of `version` exactly, shared with every caller asking meanwhile.
    public func value(at version: Int, tolerating tolerance: Duration = .zero,
                      computing compute: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let plan = state.withLock { s -> Plan in
            if let kept = s.kept, kept.version >= version { return .hit(kept.value) }
            if let kept = s.kept, tolerance > .zero {
                if ContinuousClock.now - kept.at >= tolerance, s.pending == nil { start(version, compute, in: &s) }
                return .hit(kept.value)
            }
            if let pending = s.pending, pending.version == version { return .wait(pending.task) }
            return .wait(start(version, compute, in: &s))
        }
        switch plan {
        case .hit(let value): return value
        case .wait(let task): return try await task.value
        }
    }

    /// Starts computing the value of `version`; the result is kept unless a newer one was kept meanwhile.
    @discardableResult
    private func start(_ version: Int, _ compute: @escaping @Sendable () async throws -> Value, in s: inout State) -> Task<Value, any Error> {
        let id = s.nextId
        s.nextId += 1
        let task = Task<Value, any Error> { [weak self] in
            let result: Result<Value, any Error>
            do { result = .success(try await compute()) } catch { result = .failure(error) }
            self?.state.withLock { s in
                if s.pending?.id == id { s.pending = nil }
                if case .success(let value) = result, (s.kept?.version ?? .min) <= version {
                    s.kept = Kept(version: version, at: .now, value: value)
                }
            }
            return try result.get()
        }
        s.pending = Pending(version: version, id: id, task: task)
        return task
    }
}
