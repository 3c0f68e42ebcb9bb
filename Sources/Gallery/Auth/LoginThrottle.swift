import Foundation
import Hummingbird

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
actor LoginThrottle {
    /// The limits; tests shorten nothing, they only count.
    struct Policy: Sendable {
        var window: Double = 15 * 60
        var slowAfter = 3
        var delayStep: Double = 1
        var maxDelay: Double = 5
        var refuseNameAfter = 10
        var refuseAddressAfter = 30
    }

    /// Whether an attempt may go ahead, and after how long a pause.
    enum Verdict: Equatable, Sendable {
        case allow(delay: Double)
        case refuse(retryAfter: Int)
    }

    /// One attempt let through (and counted as a failure until settled), or refused.
    struct Attempt: Sendable {
        let verdict: Verdict
        fileprivate let id: UInt64?
        fileprivate let name: String
        fileprivate let address: String
    }

    /// A failed (or not yet settled) attempt: when, for which name, from where.
    private struct Failure {
        var id: UInt64
        var at: Double
        var name: String
        var address: String
    }

    let policy: Policy
    private var byName: [String: [Failure]] = [:]
    private var byAddress: [String: [Failure]] = [:]
    private var trusted: [String: Set<String>] = [:]
    private var lastId: UInt64 = 0

    init(policy: Policy = Policy()) { self.policy = policy }

    /// Checks an attempt and, when it may go ahead, counts it as a failure at once.
    func reserve(name: String, address: String, now: Double = Date().timeIntervalSince1970) -> Attempt {
        let name = name.lowercased()
        let fromAddress = recent(&byAddress, address, now)
        let forName = trusted[name]?.contains(address) == true ? [] : recent(&byName, name, now)
        if fromAddress.count >= policy.refuseAddressAfter {
            return Attempt(verdict: .refuse(retryAfter: retry(fromAddress, now)), id: nil, name: name, address: address)
        }
        if forName.count >= policy.refuseNameAfter {
            return Attempt(verdict: .refuse(retryAfter: retry(forName, now)), id: nil, name: name, address: address)
        }
        let failures = max(fromAddress.count, forName.count)
        let delay = failures < policy.slowAfter ? 0 : min(policy.maxDelay, Double(failures - policy.slowAfter + 1) * policy.delayStep)
        lastId += 1
        let failure = Failure(id: lastId, at: now, name: name, address: address)
        byName[name, default: []].append(failure)
        byAddress[address, default: []].append(failure)
        if byName.count + byAddress.count > 20_000 { pruneAll(now) }
        return Attempt(verdict: .allow(delay: delay), id: lastId, name: name, address: address)
    }

    /// Reports how a reserved attempt ended. A success forgives this name's failures from this
    /// address only: other names tried from the same address stay counted.
    func settle(_ attempt: Attempt, succeeded: Bool, now: Double = Date().timeIntervalSince1970) {
        guard succeeded, attempt.id != nil else { return }
        byName[attempt.name]?.removeAll { $0.address == attempt.address }
        byAddress[attempt.address]?.removeAll { $0.name == attempt.name }
        if byName[attempt.name]?.isEmpty == true { byName[attempt.name] = nil }
        if byAddress[attempt.address]?.isEmpty == true { byAddress[attempt.address] = nil }
        trusted[attempt.name, default: []].insert(attempt.address)
        if trusted[attempt.name]!.count > 50 { trusted[attempt.name] = [attempt.address] }
    }

    private func recent(_ table: inout [String: [Failure]], _ key: String, _ now: Double) -> [Failure] {
        guard let all = table[key] else { return [] }
        let kept = all.filter { now - $0.at < policy.window }
        table[key] = kept.isEmpty ? nil : kept
        return kept
    }

    private func retry(_ failures: [Failure], _ now: Double) -> Int {
        max(1, Int((failures.map(\.at).min()! + policy.window - now).rounded(.up)))
    }

    private func pruneAll(_ now: Double) {
        let window = policy.window
        byName = byName.compactMapValues { list in let k = list.filter { now - $0.at < window }; return k.isEmpty ? nil : k }
        byAddress = byAddress.compactMapValues { list in let k = list.filter { now - $0.at < window }; return k.isEmpty ? nil : k }
    }
}

extension LoginThrottle.Attempt {
    /// Waits the pause the throttle asked for (scaled; tests use 0), or refuses with a 429 that
    /// says `tooMany` and when to try again.
    func proceed(slowdownScale: Double, tooMany: String) async throws {
        switch verdict {
        case .refuse(let seconds):
            let minutes = max(1, (seconds + 59) / 60)
            throw HTTPError(.tooManyRequests, headers: [.retryAfter: String(seconds)],
                            message: "\(tooMany) Try again in \(minutes) minute\(minutes == 1 ? "" : "s").")
        case .allow(let delay):
            if delay > 0, slowdownScale > 0 { try await Task.sleep(for: .seconds(delay * slowdownScale)) }
        }
    }
}
