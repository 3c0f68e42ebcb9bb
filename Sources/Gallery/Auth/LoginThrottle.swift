import Catalog
import Foundation
import Hummingbird
import Logging

/// Slows down and then refuses repeated failed sign-ins, per account name and per address.
///
/// Failures count for `window` seconds. After `slowAfter` failures each attempt waits a growing
/// delay; after `refuseNameAfter` failures for one name, or `refuseAddressAfter` from one
/// address, attempts are refused until the oldest failure ages out of the window, so nobody is
/// locked out for good. An address that signed in to an account before is not held back by
/// failures on that account from elsewhere, so a stranger cannot lock the owner out at home.
///
/// Checking and counting are one step: `reserve` counts an attempt as a failure in the same
/// call that lets it through, so attempts sent in parallel cannot all pass the check before any
/// is counted; `settle` takes the count back when the password was right.
///
/// The failures live in a `SignInThrottleStore`: in memory for one process by default, or in
/// the PostgreSQL catalog, so that instances behind one load balancer share one allowance.
final class LoginThrottle: Sendable {
    /// The limits; tests shorten nothing, they only count.
    typealias Policy = SignInThrottlePolicy

    /// Whether an attempt may go ahead, and after how long a pause.
    typealias Verdict = SignInVerdict

    /// One attempt let through (and counted as a failure until settled), or refused; or, when
    /// the store could not be asked, the reason, which `proceed` throws.
    struct Attempt: Sendable {
        let verdict: Verdict
        fileprivate let reservation: SignInReservation?
        fileprivate let failure: (any Error)?
    }

    let policy: Policy
    private let store: any SignInThrottleStore
    private let logger: Logger

    /// A throttle keeping its failures in `store` (by default in this process's memory).
    init(policy: Policy = Policy(), store: any SignInThrottleStore = MemorySignInThrottle(),
         logger: Logger = Logger(label: "photolala.throttle")) {
        (self.policy, self.store, self.logger) = (policy, store, logger)
    }

    /// Checks an attempt and, when it may go ahead, counts it as a failure at once. Should the
    /// store fail, the attempt is refused (its `proceed` throws the store's error): a sign-in
    /// that cannot be counted is not weighed.
    func reserve(name: String, address: String, now: Double = Date().timeIntervalSince1970) async -> Attempt {
        do {
            let reservation = try await store.reserve(name: name, address: address, policy: policy, now: now)
            return Attempt(verdict: reservation.verdict, reservation: reservation, failure: nil)
        } catch {
            logger.error("The sign-in throttle could not count an attempt: \(error)")
            return Attempt(verdict: .refuse(retryAfter: 60), reservation: nil, failure: error)
        }
    }

    /// Reports how a reserved attempt ended. A success forgives this name's failures from this
    /// address only: other names tried from the same address stay counted. Should the store
    /// fail, the attempt stays counted as a failure until it ages out, and the error is logged.
    func settle(_ attempt: Attempt, succeeded: Bool, now: Double = Date().timeIntervalSince1970) async {
        guard let reservation = attempt.reservation else { return }
        do {
            try await store.settle(reservation, succeeded: succeeded, now: now)
        } catch {
            logger.error("The sign-in throttle could not settle an attempt: \(error)")
        }
    }
}

extension LoginThrottle.Attempt {
    /// Waits the pause the throttle asked for (scaled; tests use 0), or refuses with a 429 that
    /// says `tooMany` and when to try again, or throws the store's error when it could not be asked.
    func proceed(slowdownScale: Double, tooMany: Phrase) async throws {
        if let failure { throw failure }
        switch verdict {
        case .refuse(let seconds):
            let minutes = max(1, (seconds + 59) / 60)
            throw PageError(.tooManyRequests, headers: [.retryAfter: String(seconds)],
                            message: Phrase(count: minutes, "\(tooMany) Try again in \(minutes) minute.", "\(tooMany) Try again in \(minutes) minutes."))
        case .allow(let delay):
            if delay > 0, slowdownScale > 0 { try await Task.sleep(for: .seconds(delay * slowdownScale)) }
        }
    }
}
