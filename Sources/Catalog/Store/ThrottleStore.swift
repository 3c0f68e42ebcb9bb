import Foundation

/// Where the sign-in throttle keeps failed attempts: in memory for one process
/// (`MemorySignInThrottle`), or in the PostgreSQL catalog, so that instances behind one load
/// balancer share one allowance instead of each granting its own.
///
/// Failures count for the policy's `window` seconds, per name (account names without case, or a
/// share link's `share:<id>`) and per address. Checking and counting are one step: `reserve`
/// counts an attempt as a failure in the same step that lets it through, so attempts sent in
/// parallel cannot all pass the check before any is counted; `settle` takes the count back when
/// the password was right, and from then on trusts that address for that name.
public protocol SignInThrottleStore: Sendable {
    /// Checks an attempt under `policy` at `now` (seconds since 1970) and, when it may go ahead,
    /// counts it as a failure at once. Failures older than the window are forgotten.
    func reserve(name: String, address: String, policy: SignInThrottlePolicy, now: Double) async throws -> SignInReservation
    /// Reports how a reserved attempt ended. A success forgives this name's failures from this
    /// address only (other names tried from the same address stay counted) and trusts the
    /// address for the name, so failures for it from elsewhere do not hold that address back.
    /// A failure, or a refused attempt, changes nothing: it is already counted, or never was.
    func settle(_ reservation: SignInReservation, succeeded: Bool, now: Double) async throws
}

/// The throttle's limits; tests shorten nothing, they only count.
///
/// After `slowAfter` failures each attempt waits a growing delay (`delayStep` seconds more for
/// each failure past it, at most `maxDelay`); after `refuseNameAfter` failures for one name, or
/// `refuseAddressAfter` from one address, attempts are refused until the oldest failure ages out
/// of the window, so nobody is locked out for good.
public struct SignInThrottlePolicy: Sendable, Equatable {
    public var window: Double
    public var slowAfter: Int
    public var delayStep: Double
    public var maxDelay: Double
    public var refuseNameAfter: Int
    public var refuseAddressAfter: Int

    public init(window: Double = 15 * 60, slowAfter: Int = 3, delayStep: Double = 1, maxDelay: Double = 5, refuseNameAfter: Int = 10,
                refuseAddressAfter: Int = 30) {
        (self.window, self.slowAfter, self.delayStep, self.maxDelay) = (window, slowAfter, delayStep, maxDelay)
        (self.refuseNameAfter, self.refuseAddressAfter) = (refuseNameAfter, refuseAddressAfter)
    }

    /// Whether a failure made at `at` still counts at `now`.
    public func counts(_ at: Double, now: Double) -> Bool { now - at < window }

    /// The verdict on an attempt at `now`, given the failures still counting from its address and
    /// for its name (none for a name its address is trusted for): how many, and when the oldest was.
    public func verdict(fromAddress: SignInFailures, forName: SignInFailures, now: Double) -> SignInVerdict {
        if fromAddress.count >= refuseAddressAfter { return .refuse(retryAfter: retryAfter(fromAddress, now)) }
        if forName.count >= refuseNameAfter { return .refuse(retryAfter: retryAfter(forName, now)) }
        let failures = max(fromAddress.count, forName.count)
        let delay = failures < slowAfter ? 0 : min(maxDelay, Double(failures - slowAfter + 1) * delayStep)
        return .allow(delay: delay)
    }

    /// Whole seconds (at least 1) until the oldest of `failures` ages out of the window.
    private func retryAfter(_ failures: SignInFailures, _ now: Double) -> Int {
        max(1, Int(((failures.oldest ?? now) + window - now).rounded(.up)))
    }
}

/// The failures still counting for one name or from one address: how many, and when the oldest was.
public struct SignInFailures: Sendable, Equatable {
    public var count: Int
    public var oldest: Double?

    public init(count: Int, oldest: Double?) { (self.count, self.oldest) = (count, oldest) }

    /// No failure.
    public static let empty = SignInFailures(count: 0, oldest: nil)

    /// The count and oldest of these failure times.
    public init(times: some Sequence<Double>) {
        var count = 0
        var oldest: Double?
        for at in times {
            count += 1
            oldest = min(oldest ?? at, at)
        }
        self.init(count: count, oldest: oldest)
    }
}

/// Whether a sign-in attempt may go ahead, and after how long a pause.
public enum SignInVerdict: Equatable, Sendable {
    case allow(delay: Double)
    case refuse(retryAfter: Int)
}

/// One attempt let through (and counted as a failure until settled), or refused: what `reserve`
/// answers and `settle` is given back.
public struct SignInReservation: Sendable, Equatable {
    public let verdict: SignInVerdict
    /// The name as the throttle counts it (lower case).
    public let name: String
    public let address: String

    public init(verdict: SignInVerdict, name: String, address: String) {
        (self.verdict, self.name, self.address) = (verdict, name, address)
    }

    /// Whether the attempt was let through, and so counted.
    public var isCounted: Bool {
        if case .allow = verdict { return true }
        return false
    }

    /// A name as the throttle counts it: account names are the same without case.
    public static func countedName(_ name: String) -> String { name.lowercased() }

    /// Trusted addresses kept for one name; past it only the latest is kept.
    public static let trustedAddressesPerName = 50
}
