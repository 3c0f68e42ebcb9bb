import Foundation

/// Slows down and then refuses repeated failed sign-ins, per account name and per address.
///
/// Failures count for `window` seconds. After `slowAfter` failures each attempt waits a growing
/// delay; after `refuseNameAfter` failures for one name, or `refuseAddressAfter` from one
/// address, attempts are refused until the oldest failure ages out of the window, so nobody is
/// locked out for good. An address that signed in to an account before is not held back by
/// failures on that account from elsewhere, so a stranger cannot lock the owner out at home.
actor LoginThrottle {
    struct Policy: Sendable {
        var window: Double = 15 * 60
        var slowAfter = 3
        var delayStep: Double = 1
        var maxDelay: Double = 5
        var refuseNameAfter = 10
        var refuseAddressAfter = 30
    }

    enum Verdict: Equatable {
        case allow(delay: Double)
        case refuse(retryAfter: Int)
    }

    let policy: Policy
    private var byName: [String: [Double]] = [:]
    private var byAddress: [String: [Double]] = [:]
    private var trusted: [String: Set<String>] = [:]

    init(policy: Policy = Policy()) { self.policy = policy }

    /// Whether an attempt may go ahead now, and after how long a pause.
    func check(name: String, address: String, now: Double = Date().timeIntervalSince1970) -> Verdict {
        let name = name.lowercased()
        let fromAddress = recent(&byAddress, address, now)
        let forName = trusted[name]?.contains(address) == true ? [] : recent(&byName, name, now)
        if fromAddress.count >= policy.refuseAddressAfter { return .refuse(retryAfter: retry(fromAddress, now)) }
        if forName.count >= policy.refuseNameAfter { return .refuse(retryAfter: retry(forName, now)) }
        let failures = max(fromAddress.count, forName.count)
        guard failures >= policy.slowAfter else { return .allow(delay: 0) }
        return .allow(delay: min(policy.maxDelay, Double(failures - policy.slowAfter + 1) * policy.delayStep))
    }

    func recordFailure(name: String, address: String, now: Double = Date().timeIntervalSince1970) {
        byName[name.lowercased(), default: []].append(now)
        byAddress[address, default: []].append(now)
        if byName.count + byAddress.count > 20_000 { pruneAll(now) }
    }

    func recordSuccess(name: String, address: String) {
        let name = name.lowercased()
        byAddress[address] = nil
        trusted[name, default: []].insert(address)
        if trusted[name]!.count > 50 { trusted[name] = [address] }
    }

    private func recent(_ table: inout [String: [Double]], _ key: String, _ now: Double) -> [Double] {
        guard let all = table[key] else { return [] }
        let kept = all.filter { now - $0 < policy.window }
        table[key] = kept.isEmpty ? nil : kept
        return kept
    }

    private func retry(_ failures: [Double], _ now: Double) -> Int {
        max(1, Int((failures.min()! + policy.window - now).rounded(.up)))
    }

    private func pruneAll(_ now: Double) {
        byName = byName.compactMapValues { list in let k = list.filter { now - $0 < policy.window }; return k.isEmpty ? nil : k }
        byAddress = byAddress.compactMapValues { list in let k = list.filter { now - $0 < policy.window }; return k.isEmpty ? nil : k }
    }
}
