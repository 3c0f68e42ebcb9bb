import Synchronization
import Testing
@testable import Catalog

/// One value per catalog version, computed once however many ask at the same moment, and not
/// waited for by a caller that tolerates an older one (`VersionedCache`).
struct VersionedCacheTests {
    /// A computation that holds until opened, counting how often it ran.
    final class Gate: Sendable {
        private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
        private let opened = Mutex(false)
        let runs = Atomic<Int>(0)

        func compute(_ value: Int) async -> Int {
            runs.add(1, ordering: .relaxed)
            await withCheckedContinuation { continuation in
                let now = opened.withLock { $0 }
                if now { continuation.resume() } else { waiting.withLock { $0.append(continuation) } }
            }
            return value
        }

        func open() {
            opened.withLock { $0 = true }
            for continuation in waiting.withLock({ list in defer { list = [] }; return list }) { continuation.resume() }
        }

        /// Waits until `count` computations have started (each registers before it holds).
        func started(_ count: Int) async {
            while runs.load(ordering: .relaxed) < count { await Task.yield() }
        }
    }

    struct Refused: Error {}

    @Test func callersAskingAtOnceShareOneComputation() async throws {
        let cache = VersionedCache<Int>()
        let gate = Gate()
        // given eight callers asking for version 1 while its computation holds
        let callers = (0..<8).map { _ in Task { try await cache.value(at: 1) { await gate.compute(10) } } }
        await gate.started(1)
        for _ in 0..<50 { await Task.yield() }
        gate.open()
        // then all get its value, and it ran once
        for caller in callers { #expect(try await caller.value == 10) }
        #expect(gate.runs.load(ordering: .relaxed) == 1)
        // and it is kept: asking again computes nothing
        #expect(try await cache.value(at: 1) { Issue.record("computed again"); return 0 } == 10)
    }

    @Test func aTolerantCallerGetsTheOldValueWhileTheNewOneIsComputed() async throws {
        let cache = VersionedCache<Int>()
        #expect(try await cache.value(at: 1) { 1 } == 1)
        let gate = Gate()
        // when version 2 is asked for by a caller that tolerates an old value (for no time at all)
        let tolerant = try await cache.value(at: 2, tolerating: .nanoseconds(1)) { await gate.compute(2) }
        // then it is answered at once with version 1's, while version 2's is computed
        #expect(tolerant == 1)
        await gate.started(1)
        // and a caller needing version 2 exactly waits for that same computation
        let exact = Task { try await cache.value(at: 2) { await gate.compute(99) } }
        for _ in 0..<50 { await Task.yield() }
        gate.open()
        #expect(try await exact.value == 2)
        #expect(gate.runs.load(ordering: .relaxed) == 1)
        // and a newer value is never replaced by an older version's
        #expect(try await cache.value(at: 1) { 100 } == 2)
    }

    @Test func aFailedComputationIsNotKept() async throws {
        let cache = VersionedCache<Int>()
        await #expect(throws: Refused.self) { try await cache.value(at: 1) { throw Refused() } }
        #expect(try await cache.value(at: 1) { 7 } == 7)
    }

    @Test func aPatientCallerGetsTheNewValueWhenItComesInTimeAndTheLastOneWhenItDoesNot() async throws {
        let cache = VersionedCache<Int>()
        // given nothing kept and a computation that holds: the caller's patience ends with no value
        let gate = Gate()
        let first = try await cache.value(at: 1, patience: .milliseconds(20)) { await gate.compute(1) }
        #expect(first.value == nil && !first.current)
        // and the computation goes on without it: once it ends, the value is kept and current
        gate.open()
        var kept: (value: Int?, current: Bool) = (nil, false)
        for _ in 0..<5_000 where kept.value == nil {
            kept = try await cache.value(at: 1, patience: .zero) { Issue.record("computed again"); return 0 }
            if kept.value == nil { try await Task.sleep(for: .milliseconds(2)) }
        }
        #expect(kept.value == 1 && kept.current)
        // when version 2 is quick to compute, the caller gets it
        let quick = try await cache.value(at: 2, patience: .seconds(60)) { 2 }
        #expect(quick.value == 2 && quick.current)
        // when version 3 holds past the patience, the caller gets version 2's, marked not current
        let slow = Gate()
        let late = try await cache.value(at: 3, patience: .milliseconds(20)) { await slow.compute(3) }
        #expect(late.value == 2 && !late.current)
        slow.open()
        // and a caller needing version 3 exactly waits for that same computation
        #expect(try await cache.value(at: 3) { Issue.record("computed again"); return 0 } == 3)
        #expect(slow.runs.load(ordering: .relaxed) == 1)
    }

    /// (The time limit is the failure: counted from each caller, the second would wait an hour.)
    @Test(.timeLimit(.minutes(1)))
    func patienceIsCountedFromThePassesStartNotFromEachCaller() async throws {
        // given a clock the test moves, a value kept and a slow pass for a newer version begun by an impatient caller
        let clock = Mutex(ContinuousClock.now)
        let cache = VersionedCache<Int>(now: { clock.withLock { $0 } })
        _ = try await cache.value(at: 1) { 1 }
        let slow = Gate()
        let first = try await cache.value(at: 2, patience: .zero) { await slow.compute(2) }
        #expect(first.value == 1 && !first.current)
        // when a caller with an hour's patience comes two hours into that pass, then it gets the last value at once
        clock.withLock { $0 += .seconds(7_200) }
        let second = try await cache.value(at: 2, patience: .seconds(3_600)) { Issue.record("computed again"); return 0 }
        #expect(second.value == 1 && !second.current)
        // and the pass still ends and is kept
        slow.open()
        #expect(try await cache.value(at: 2) { Issue.record("computed again"); return 0 } == 2)
        #expect(slow.runs.load(ordering: .relaxed) == 1)
    }

    /// (The time limit is the failure: a tolerant caller waiting its patience would wait an hour.)
    @Test(.timeLimit(.minutes(1)))
    func aTolerantCallerWithAValueKeptNeverWaitsForTheRecount() async throws {
        // given a clock the test moves and version 1 kept
        let clock = Mutex(ContinuousClock.now)
        let cache = VersionedCache<Int>(now: { clock.withLock { $0 } })
        _ = try await cache.value(at: 1) { 1 }
        // when a caller with an hour's patience, tolerating 5 s, asks for version 2 a minute later
        clock.withLock { $0 += .seconds(60) }
        let slow = Gate()
        let first = try await cache.value(at: 2, patience: .seconds(3_600), tolerating: .seconds(5)) { await slow.compute(2) }
        // then it is answered at once with version 1's, not current, and version 2's pass has begun
        #expect(first.value == 1 && !first.current)
        await slow.started(1)
        // and so is the next one while that pass runs, which starts no other
        let second = try await cache.value(at: 3, patience: .seconds(3_600), tolerating: .seconds(5)) { Issue.record("computed again"); return 0 }
        #expect(second.value == 1 && !second.current)
        // and once the pass ends its value is kept and given, current for its version
        slow.open()
        #expect(try await cache.value(at: 2) { Issue.record("computed again"); return 0 } == 2)
        let third = try await cache.value(at: 2, patience: .seconds(3_600), tolerating: .seconds(5)) { Issue.record("computed again"); return 0 }
        #expect(third.value == 2 && third.current)
        #expect(slow.runs.load(ordering: .relaxed) == 1)
    }

    @Test func aPatientCallerWithNothingKeptHearsTheComputationsError() async throws {
        let cache = VersionedCache<Int>()
        await #expect(throws: Refused.self) { try await cache.value(at: 1, patience: .seconds(60)) { throw Refused() } }
        // and with a value kept, a failing recount leaves the page the last value
        _ = try await cache.value(at: 1) { 1 }
        let after = try await cache.value(at: 2, patience: .seconds(60)) { throw Refused() }
        #expect(after.value == 1 && !after.current)
    }
}
