import Testing
@testable import Gallery

/// The throttle's arithmetic: pauses, refusals, forgetting, and who a success forgives.
@Suite struct LoginThrottleTests {
    let policy = LoginThrottle.Policy(window: 900, slowAfter: 3, delayStep: 1, maxDelay: 5, refuseNameAfter: 10, refuseAddressAfter: 30)

    /// One attempt, reserved and settled at `now`.
    func attempt(_ throttle: LoginThrottle, _ name: String, from address: String, at now: Double,
                 succeeding: Bool = false) async -> LoginThrottle.Verdict {
        let attempt = await throttle.reserve(name: name, address: address, now: now)
        await throttle.settle(attempt, succeeded: succeeding, now: now)
        return attempt.verdict
    }

    @Test func slowsDownThenRefusesThenForgets() async {
        // given ten failures for one name
        let throttle = LoginThrottle(policy: policy)
        for i in 0..<10 {
            let verdict = await attempt(throttle, "ada", from: "10.0.0.9", at: 1000 + Double(i))
            #expect(verdict == .allow(delay: i < 3 ? 0 : min(5, Double(i - 2))))
        }
        // then the name is refused from elsewhere
        #expect(await attempt(throttle, "ADA", from: "10.0.0.7", at: 1010) == .refuse(retryAfter: 890))
        // and the refusal ends when the failures age out of the window: nobody is locked out for good
        #expect(await attempt(throttle, "ada", from: "10.0.0.7", at: 1910) == .allow(delay: 0))
    }

    @Test func theOwnersUsualAddressIsNotLockedOutByAStranger() async {
        // given the owner signed in at home once, and a stranger failing twelve times
        let throttle = LoginThrottle(policy: policy)
        _ = await attempt(throttle, "ada", from: "192.168.1.20", at: 900, succeeding: true)
        for i in 0..<12 { _ = await attempt(throttle, "ada", from: "203.0.113.5", at: 1000 + Double(i)) }
        // then the stranger is refused and the owner at home is not
        #expect(await attempt(throttle, "ada", from: "203.0.113.5", at: 1020) == .refuse(retryAfter: 880))
        #expect(await attempt(throttle, "ada", from: "192.168.1.20", at: 1020, succeeding: true) == .allow(delay: 0))
    }

    @Test func oneAddressTryingManyNamesIsRefused() async {
        let throttle = LoginThrottle(policy: policy)
        for i in 0..<30 { _ = await attempt(throttle, "user\(i)", from: "203.0.113.5", at: 1000) }
        #expect(await attempt(throttle, "someone", from: "203.0.113.5", at: 1001) == .refuse(retryAfter: 899))
    }

    @Test func attemptsInFlightCountBeforeTheyAreSettled() async {
        // given forty attempts reserved at once, none settled yet
        let throttle = LoginThrottle(policy: policy)
        var verdicts: [LoginThrottle.Verdict] = []
        for _ in 0..<40 { verdicts.append(await throttle.reserve(name: "ada", address: "203.0.113.5", now: 1000).verdict) }
        // then only the sequential allowance goes ahead
        #expect(verdicts.filter { if case .allow = $0 { true } else { false } }.count == 10)
    }
}
