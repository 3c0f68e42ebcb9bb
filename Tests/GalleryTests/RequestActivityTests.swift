import Foundation
import Synchronization
import Testing
@testable import Gallery

/// Work beside the requests waits for a quiet moment: none while requests keep coming.
@Suite struct RequestActivityTests {
    @Test func backgroundWorkWaitsUntilNoRequestHasComeForAWhile() async throws {
        // given no request yet: work goes on at once
        let activity = RequestActivity(quiet: .milliseconds(200))
        await activity.waitForQuiet(atMost: .seconds(3_600))
        // when a request comes, then work waits at least the quiet period after it
        activity.noteRequest()
        let noted = ContinuousClock.now
        await activity.waitForQuiet(atMost: .seconds(3_600))
        #expect(ContinuousClock.now - noted >= .milliseconds(190))
        // and while requests keep coming it does not go on at all
        let endless = RequestActivity(quiet: .seconds(3_600))
        endless.noteRequest()
        let went = Mutex(false)
        let waiting = Task {
            await endless.waitForQuiet(atMost: .seconds(3_600))
            went.withLock { $0 = !Task.isCancelled }
        }
        try await Task.sleep(for: .milliseconds(300))
        waiting.cancel()
        await waiting.value
        #expect(!went.withLock { $0 })
    }

    @Test func workGoesOnAStepAtATimeWhileRequestsNeverStop() async throws {
        // given requests that never stop
        let activity = RequestActivity(quiet: .seconds(3_600))
        activity.noteRequest()
        // when work waits at most 200 ms, then it goes on after that, not before
        let started = ContinuousClock.now
        await activity.waitForQuiet(atMost: .milliseconds(200))
        #expect(ContinuousClock.now - started >= .milliseconds(190))
    }

    @Test func aCancelledWaitEndsAtOnce() async throws {
        // given requests that never stop
        let activity = RequestActivity(quiet: .seconds(3_600))
        activity.noteRequest()
        // when the work waiting is cancelled (the server stops), then the wait ends
        let waiting = Task { await activity.waitForQuiet(atMost: .seconds(3_600)) }
        waiting.cancel()
        await waiting.value
    }
}
