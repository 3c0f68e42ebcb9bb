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
}
