import Foundation

/// The sign-in throttle's failures held in memory, for one process (the SQLite catalog serves
/// from one): an actor, so `reserve` checks and counts in one step.
public actor MemorySignInThrottle: SignInThrottleStore {
    /// A failed (or not yet settled) attempt: when, for which name, from where.
    private struct Failure {
        var at: Double
        var name: String
        var address: String
    }

    private var byName: [String: [Failure]] = [:]
    private var byAddress: [String: [Failure]] = [:]
    private var trusted: [String: Set<String>] = [:]

    /// Keys kept (names and addresses together) before every list is pruned at once.
    private static let pruneAbove = 20_000

    public init() {}

    /// Checks an attempt and, when it may go ahead, counts it as a failure at once; the failures
    /// of its name and address that have aged out are forgotten as they are read.
    public func reserve(name: String, address: String, policy: SignInThrottlePolicy, now: Double) -> SignInReservation {
        let name = SignInReservation.countedName(name)
        let fromAddress = recent(&byAddress, address, policy, now)
        let forName = trusted[name]?.contains(address) == true ? [] : recent(&byName, name, policy, now)
        let verdict = policy.verdict(fromAddress: SignInFailures(times: fromAddress.map(\.at)),
                                     forName: SignInFailures(times: forName.map(\.at)), now: now)
        let reservation = SignInReservation(verdict: verdict, name: name, address: address)
        guard reservation.isCounted else { return reservation }
        let failure = Failure(at: now, name: name, address: address)
        byName[name, default: []].append(failure)
        byAddress[address, default: []].append(failure)
        if byName.count + byAddress.count > Self.pruneAbove { pruneAll(policy, now) }
        return reservation
    }

    /// Reports how a reserved attempt ended. A success forgives this name's failures from this
    /// address only (other names tried from the same address stay counted), and trusts the address
    /// for the name (the latest `trustedAddressesPerName` addresses at most).
    public func settle(_ reservation: SignInReservation, succeeded: Bool, now: Double) {
        guard succeeded, reservation.isCounted else { return }
        let (name, address) = (reservation.name, reservation.address)
        byName[name]?.removeAll { $0.address == address }
        byAddress[address]?.removeAll { $0.name == name }
        if byName[name]?.isEmpty == true { byName[name] = nil }
        if byAddress[address]?.isEmpty == true { byAddress[address] = nil }
        trusted[name, default: []].insert(address)
        if trusted[name]!.count > SignInReservation.trustedAddressesPerName { trusted[name] = [address] }
    }

    /// The failures under `key` that still count, after forgetting those that do not.
    private func recent(_ table: inout [String: [Failure]], _ key: String, _ policy: SignInThrottlePolicy, _ now: Double) -> [Failure] {
        guard let all = table[key] else { return [] }
        let kept = all.filter { policy.counts($0.at, now: now) }
        table[key] = kept.isEmpty ? nil : kept
        return kept
    }

    /// Forgets every failure that no longer counts, under every name and address.
    private func pruneAll(_ policy: SignInThrottlePolicy, _ now: Double) {
        let keep = { (list: [Failure]) -> [Failure]? in
            let kept = list.filter { policy.counts($0.at, now: now) }
            return kept.isEmpty ? nil : kept
        }
        byName = byName.compactMapValues(keep)
        byAddress = byAddress.compactMapValues(keep)
    }
}
