import Foundation
import Testing
import TestSupport
@testable import Catalog

/// Every `SignInThrottleStore` implementation the throttle's contract runs against.
enum ThrottleUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The in-memory store of one process (served beside the SQLite catalog).
    case memory
    /// The PostgreSQL catalog, in a new database on the test cluster (`PHOTOLALA_TEST_POSTGRES`).
    case postgres

    /// The kinds this run can test: `.postgres` only with a test cluster.
    static var allCases: [ThrottleUnderTest] { PostgresTestServer.adminURL == nil ? [.memory] : [.memory, .postgres] }

    var testDescription: String { rawValue }

    /// A new store of this kind, holding no failure.
    func make() async throws -> any SignInThrottleStore {
        switch self {
        case .memory: return MemorySignInThrottle()
        case .postgres: return try await PostgresCatalog.connect(url: try await PostgresTestServer.makeDatabase())
        }
    }
}

/// What every sign-in throttle store must keep true: pauses, refusals by name and by address,
/// forgetting, whom a success forgives and trusts, and parallel attempts counted one by one.
@Suite struct SignInThrottleContract {
    let policy = SignInThrottlePolicy(window: 900, slowAfter: 3, delayStep: 1, maxDelay: 5, refuseNameAfter: 10, refuseAddressAfter: 30)

    /// One attempt, reserved and settled at `now`; its verdict.
    func attempt(_ store: any SignInThrottleStore, _ name: String, from address: String, at now: Double,
                 succeeding: Bool = false) async throws -> SignInVerdict {
        let reservation = try await store.reserve(name: name, address: address, policy: policy, now: now)
        try await store.settle(reservation, succeeded: succeeding, now: now)
        return reservation.verdict
    }

    @Test(arguments: ThrottleUnderTest.allCases)
    func slowsDownThenRefusesTheNameThenForgets(_ kind: ThrottleUnderTest) async throws {
        // given ten failures for one name from one address, a second apart
        let store = try await kind.make()
        for i in 0..<10 {
            let verdict = try await attempt(store, "ada", from: "10.0.0.9", at: 1000 + Double(i))
            // then the first three go ahead at once, and each after waits a second longer, five at most
            #expect(verdict == .allow(delay: i < 3 ? 0 : min(5, Double(i - 2))))
        }
        // then the name, in any case, is refused from elsewhere until the oldest failure ages out
        #expect(try await attempt(store, "ADA", from: "10.0.0.7", at: 1010) == .refuse(retryAfter: 890))
        #expect(try await attempt(store, "Ada", from: "10.0.0.7", at: 1899.5) == .refuse(retryAfter: 1))
        // and the refusal ends when the failures age out of the window: nobody is locked out for good
        #expect(try await attempt(store, "ada", from: "10.0.0.7", at: 1910) == .allow(delay: 0))
    }

    @Test(arguments: ThrottleUnderTest.allCases)
    func theOwnersUsualAddressIsNotLockedOutByAStranger(_ kind: ThrottleUnderTest) async throws {
        // given the owner signed in at home once, and a stranger failing twelve times
        let store = try await kind.make()
        _ = try await attempt(store, "ada", from: "192.168.1.20", at: 900, succeeding: true)
        for i in 0..<12 { _ = try await attempt(store, "ada", from: "203.0.113.5", at: 1000 + Double(i)) }
        // then the stranger is refused and the owner at home is not
        #expect(try await attempt(store, "ada", from: "203.0.113.5", at: 1020) == .refuse(retryAfter: 880))
        #expect(try await attempt(store, "ada", from: "192.168.1.20", at: 1020, succeeding: true) == .allow(delay: 0))
        // and a third address, never trusted, is refused too
        #expect(try await attempt(store, "ada", from: "10.0.0.3", at: 1020) == .refuse(retryAfter: 880))
    }

    @Test(arguments: ThrottleUnderTest.allCases)
    func oneAddressTryingManyNamesIsRefused(_ kind: ThrottleUnderTest) async throws {
        // given thirty names failed from one address
        let store = try await kind.make()
        for i in 0..<30 { _ = try await attempt(store, "user\(i)", from: "203.0.113.5", at: 1000) }
        // then any other name from there is refused, and the same name from elsewhere is not
        #expect(try await attempt(store, "someone", from: "203.0.113.5", at: 1001) == .refuse(retryAfter: 899))
        #expect(try await attempt(store, "someone", from: "198.51.100.1", at: 1001) == .allow(delay: 0))
    }

    @Test(arguments: ThrottleUnderTest.allCases)
    func aSuccessForgivesOnlyItsNamesFailuresFromItsAddress(_ kind: ThrottleUnderTest) async throws {
        // given three failures for bo from one address, and 26 for other names from bo's own address
        let store = try await kind.make()
        for i in 0..<3 { _ = try await attempt(store, "bo", from: "10.0.0.2", at: 1000 + Double(i)) }
        for i in 0..<26 { _ = try await attempt(store, "user\(i)", from: "10.0.0.1", at: 1000) }
        // when bo fails once and then signs in from home
        _ = try await attempt(store, "bo", from: "10.0.0.1", at: 1010)
        #expect(try await attempt(store, "bo", from: "10.0.0.1", at: 1011, succeeding: true) == .allow(delay: 5))
        // then the failures from elsewhere still count for bo's name and for that address
        #expect(try await attempt(store, "bo", from: "10.0.0.3", at: 1020) == .allow(delay: 1))
        #expect(try await attempt(store, "cy", from: "10.0.0.2", at: 1020) == .allow(delay: 1))
        // and the other names' failures from home still count: four more use up its allowance of thirty
        for i in 26..<30 { #expect(try await attempt(store, "user\(i)", from: "10.0.0.1", at: 1020) == .allow(delay: 5)) }
        #expect(try await attempt(store, "user30", from: "10.0.0.1", at: 1020) == .refuse(retryAfter: 880))
    }

    @Test(arguments: ThrottleUnderTest.allCases)
    func aRefusedAttemptEarnsNoTrustAndIsNotCounted(_ kind: ThrottleUnderTest) async throws {
        // given a name refused after ten failures from a stranger
        let store = try await kind.make()
        for i in 0..<10 { _ = try await attempt(store, "ada", from: "203.0.113.5", at: 1000 + Double(i)) }
        // when an attempt from another address is refused, and reported as a success anyway
        let refused = try await store.reserve(name: "ada", address: "10.0.0.1", policy: policy, now: 1020)
        #expect(refused.verdict == .refuse(retryAfter: 880))
        try await store.settle(refused, succeeded: true, now: 1020)
        // then that address is still refused, and was not counted against itself
        #expect(try await attempt(store, "ada", from: "10.0.0.1", at: 1021) == .refuse(retryAfter: 879))
        #expect(try await attempt(store, "bo", from: "10.0.0.1", at: 1021) == .allow(delay: 0))
    }

    @Test(arguments: ThrottleUnderTest.allCases)
    func fiftyAddressesAreTrustedForANameAndAFiftyFirstStartsAfresh(_ kind: ThrottleUnderTest) async throws {
        // given the owner signed in from fifty addresses, and a stranger failing ten times
        let store = try await kind.make()
        for i in 0..<50 { _ = try await attempt(store, "ada", from: "10.0.0.\(i)", at: 900, succeeding: true) }
        for i in 0..<10 { _ = try await attempt(store, "ada", from: "203.0.113.5", at: 1000 + Double(i)) }
        // then every one of the fifty is still trusted
        #expect(try await attempt(store, "ada", from: "10.0.0.0", at: 1020, succeeding: true) == .allow(delay: 0))
        #expect(try await attempt(store, "ada", from: "10.0.0.49", at: 1020, succeeding: true) == .allow(delay: 0))
        #expect(try await attempt(store, "ada", from: "10.0.1.1", at: 1020) == .refuse(retryAfter: 880))
        // when, the failures aged out, the owner signs in from a fifty-first address, and the stranger fails ten times more
        #expect(try await attempt(store, "ada", from: "10.0.1.1", at: 1910, succeeding: true) == .allow(delay: 0))
        for i in 0..<10 { _ = try await attempt(store, "ada", from: "203.0.113.5", at: 2000 + Double(i)) }
        // then only the latest address is trusted: the list of a name's addresses does not grow without end
        #expect(try await attempt(store, "ada", from: "10.0.0.0", at: 2020) == .refuse(retryAfter: 880))
        #expect(try await attempt(store, "ada", from: "10.0.1.1", at: 2020) == .allow(delay: 0))
    }

    @Test(arguments: ThrottleUnderTest.allCases)
    func attemptsInFlightCountBeforeTheyAreSettled(_ kind: ThrottleUnderTest) async throws {
        // given forty attempts reserved at the same time, none settled yet
        let store = try await kind.make()
        let policy = self.policy
        let verdicts = try await withThrowingTaskGroup(of: SignInVerdict.self) { group in
            for _ in 0..<40 {
                group.addTask { try await store.reserve(name: "ada", address: "203.0.113.5", policy: policy, now: 1000).verdict }
            }
            return try await group.reduce(into: [SignInVerdict]()) { $0.append($1) }
        }
        // then only the sequential allowance goes ahead, and the rest are refused
        #expect(verdicts.filter { if case .allow = $0 { true } else { false } }.count == 10)
        #expect(verdicts.filter { $0 == .refuse(retryAfter: 900) }.count == 30)
    }
}
