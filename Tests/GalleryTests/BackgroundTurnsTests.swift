import Foundation
import Synchronization
import Testing
@testable import Gallery

/// The one scheduler of the work beside the requests: no turn before the first look is served,
/// none while a visitor's decode waits, every core once the server is quiet and one while
/// requests keep coming.
@Suite struct BackgroundTurnsTests {
    @Test func noTurnBeforeTheFirstLookUnlessNobodyComes() async throws {
        // given a server nobody has visited yet
        let activity = RequestActivity(quiet: .milliseconds(100))
        let turns = BackgroundTurns(activity: activity, cores: 2, longest: .seconds(3_600), patience: .seconds(3_600), decodersBusy: { false })
        let given = Mutex<Int?>(nil)
        let waiting = Task { given.withLock { $0 = nil }; let width = await turns.take(); given.withLock { $0 = width } }
        // when nobody comes, then no turn is given
        try await Task.sleep(for: .milliseconds(300))
        #expect(given.withLock { $0 } == nil)
        // when the first visitor is answered and a quiet moment follows, then the turn is every core
        activity.noteRequest()
        let noted = ContinuousClock.now
        _ = await waiting.value
        #expect(given.withLock { $0 } == 2)
        #expect(ContinuousClock.now - noted >= .milliseconds(90))
        // and with nobody at all, the turn comes once the patience is over
        let alone = BackgroundTurns(activity: RequestActivity(quiet: .milliseconds(100)), cores: 2, patience: .milliseconds(200),
                                    decodersBusy: { false })
        #expect(await alone.take() == 2)
    }

    @Test func oneStepAtATimeWhileRequestsKeepComing() async {
        // given requests that never stop
        let activity = RequestActivity(quiet: .seconds(3_600))
        activity.noteRequest()
        let turns = BackgroundTurns(activity: activity, cores: 2, longest: .milliseconds(200), decodersBusy: { false })
        // when work waits its longest, then it is given a turn for one step
        let started = ContinuousClock.now
        #expect(await turns.take() == 1)
        #expect(ContinuousClock.now - started >= .milliseconds(190))
    }

    @Test func noTurnWhileAVisitorsDecodeWaits() async throws {
        // given a quiet server with a visitor's decode underway
        let busy = Atomic<Bool>(true)
        let turns = BackgroundTurns(activity: RequestActivity(quiet: .milliseconds(10)), cores: 2, patience: .zero,
                                    decodersBusy: { busy.load(ordering: .relaxed) })
        let given = Atomic<Int>(0)
        let waiting = Task { given.store(await turns.take(), ordering: .relaxed) }
        // when it goes on, then no turn is given
        try await Task.sleep(for: .milliseconds(200))
        #expect(given.load(ordering: .relaxed) == 0)
        // when it ends, then the turn comes
        busy.store(false, ordering: .relaxed)
        await waiting.value
        #expect(given.load(ordering: .relaxed) == 2)
    }

    @Test func aCancelledWaitEndsAtOnce() async {
        let activity = RequestActivity(quiet: .seconds(3_600))
        activity.noteRequest()
        let turns = BackgroundTurns(activity: activity, cores: 2, longest: .seconds(3_600), decodersBusy: { true })
        let waiting = Task { await turns.take() }
        waiting.cancel()
        _ = await waiting.value
    }
}
