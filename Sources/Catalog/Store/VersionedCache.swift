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
        var started: ContinuousClock.Instant
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
    private let now: @Sendable () -> ContinuousClock.Instant

    /// `now` is the clock (the tests' own, to say how long ago a pass began).
    public init(now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.now = now
    }

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
                if now() - kept.at >= tolerance, s.pending == nil { start(version, compute, in: &s) }
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

    /// The value of `version` when it is kept or computed within `patience` of the computation's
    /// start; past that, the last value kept (of an older version) while the computation goes on
    /// in the background, with `current` false, or nil when no value was ever kept. For what a
    /// full pass over a large catalog computes (the home page's counts, the timeline): a small
    /// catalog's page shows the new value at once, and while a million photos are counted only
    /// the pages asked for in its first `patience` wait, the rest not at all (each waiting its own
    /// `patience` had every page wait that long for as long as the pass ran).
    /// One pass runs at a time: a caller finding one under way for an older version waits on that
    /// one (the next caller starts the newer). With `tolerance` (a scan changes the catalog with
    /// every batch) a caller that has a value kept never waits: a value younger than the tolerance
    /// is taken as it is, and an older one is given, not current, while the pass runs. Waiting
    /// `patience` at every recount of a scan had one request in twenty wait the whole of it.
    public func value(at version: Int, patience: Duration, tolerating tolerance: Duration = .zero,
                      computing compute: @escaping @Sendable () async throws -> Value) async throws -> (value: Value?, current: Bool) {
        let now = now()
        let (task, pendingVersion, last, started) = state.withLock { s -> (Task<Value, any Error>?, Int, Value?, ContinuousClock.Instant) in
            if let kept = s.kept, kept.version >= version { return (nil, version, kept.value, now) }
            // A tolerant caller with a value never waits: younger than `tolerance` it is taken as
            // it is; older, it is shown while the newest version is counted.
            if let kept = s.kept, tolerance > .zero {
                if now - kept.at >= tolerance, s.pending == nil { start(version, compute, in: &s) }
                return (nil, kept.version, kept.value, now)
            }
            if let pending = s.pending { return (pending.task, pending.version, s.kept?.value, pending.started) }
            return (start(version, compute, in: &s), version, s.kept?.value, now)
        }
        guard let task else { return (last, pendingVersion >= version) }
        let left = patience - (now - started)
        guard left > .zero else { return (last, false) }
        // Whichever comes first, the value or the end of patience; the computation is not this
        // caller's to cancel (others may wait for it), so the waiter left behind ends with it.
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, any Error>?, Never>) in
            let answer = Mutex<CheckedContinuation<Result<Value, any Error>?, Never>?>(continuation)
            let give = { @Sendable (result: Result<Value, any Error>?) in answer.withLock { $0.take() }?.resume(returning: result) }
            Task { give(await task.result) }
            Task { try? await Task.sleep(for: left); give(nil) }
        }
        switch finished {
        case .success(let value): return (value, pendingVersion >= version)
        case .failure(let error): if let last { return (last, false) } else { throw error }
        case nil: return (last, false)
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
                    s.kept = Kept(version: version, at: self?.now() ?? .now, value: value)
                }
            }
            return try result.get()
        }
        s.pending = Pending(version: version, id: id, task: task, started: now())
        return task
    }
}

/// One `VersionedCache` for each way of seeing the catalog (`Hiding`): what everyone sees when
/// nothing is private, and apart from it what each viewer sees while something is hidden from them.
public final class SightedCaches<Value: Sendable>: Sendable {
    private let caches = Mutex<[Hiding: VersionedCache<Value>]>([:])
    /// Private sets change now and then; a household has a few viewers.
    private let limit = 32

    public init() {}

    public func cache(for hiding: Hiding) -> VersionedCache<Value> {
        caches.withLock { caches in
            if let cache = caches[hiding] { return cache }
            if caches.count >= limit { caches = [:] }
            let cache = VersionedCache<Value>()
            caches[hiding] = cache
            return cache
        }
    }
}
