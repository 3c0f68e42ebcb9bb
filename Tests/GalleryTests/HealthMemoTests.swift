import Synchronization
import Testing
@testable import Gallery

@Suite struct HealthMemoTests {
    @Test func aCheckIsAnsweredAgainForASecondThenMadeAfresh() async {
        // given a clock the test moves, and a check that counts how often it runs
        let clock = Mutex(ContinuousClock.now)
        let memo = HealthMemo(freshFor: .seconds(1), now: { clock.withLock { $0 } })
        let runs = Mutex(0)
        func check() async -> [String] {
            runs.withLock { $0 += 1 }
            return runs.withLock { $0 } == 1 ? [] : ["the library folder does not exist"]
        }
        // when checks come within a second of the first
        #expect(await memo.problems(check) == [])
        clock.withLock { $0 += .milliseconds(999) }
        #expect(await memo.problems(check) == [])
        #expect(runs.withLock { $0 } == 1)
        // then after it a check runs again and sees what changed
        clock.withLock { $0 += .milliseconds(2) }
        #expect(await memo.problems(check) == ["the library folder does not exist"])
        #expect(runs.withLock { $0 } == 2)
    }
}
