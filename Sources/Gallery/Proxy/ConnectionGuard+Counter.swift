import Synchronization

extension ConnectionGuard {
    /// Open connections per address and in total, shared by every connection's guard.
    final class Counter: Sendable {
        private let counts = Mutex((total: 0, byAddress: [String: Int]()))
        let perAddress: Int
        let total: Int
        /// Reverse proxies carry many clients on their connections, so they are not capped per address.
        let exempt: TrustedProxies

        init(perAddress: Int, total: Int = .max, exempt: TrustedProxies) {
            self.perAddress = perAddress
            self.total = total
            self.exempt = exempt
        }

        /// Counts a new connection from `address`, or says no when a cap is reached.
        func acquire(_ address: String) -> Bool {
            let capped = !exempt.contains(address)
            return counts.withLock { counts in
                guard counts.total < total else { return false }
                if capped {
                    guard counts.byAddress[address, default: 0] < perAddress else { return false }
                    counts.byAddress[address, default: 0] += 1
                }
                counts.total += 1
                return true
            }
        }

        /// Forgets a closed connection from `address`.
        func release(_ address: String) {
            let capped = !exempt.contains(address)
            counts.withLock { counts in
                counts.total -= 1
                guard capped else { return }
                counts.byAddress[address, default: 1] -= 1
                if counts.byAddress[address] == 0 { counts.byAddress[address] = nil }
            }
        }
    }
}
