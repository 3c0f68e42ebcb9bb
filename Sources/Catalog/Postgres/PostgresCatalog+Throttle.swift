import Foundation

/// The sign-in throttle's failures in the PostgreSQL catalog (migration `pg3-sign-in-throttle`),
/// so every instance behind a load balancer counts against one allowance. Each `reserve` and
/// `settle` is one write, serialised with every other by the catalog's write lock, so parallel
/// attempts on any instances cannot all pass the check before one is counted. Failures that no
/// longer count are deleted as attempts read them, so the table holds about one window's worth.
extension PostgresCatalog: SignInThrottleStore {
    /// Checks an attempt and, when it may go ahead, counts it as a failure at once; failures that
    /// have aged out of the window are deleted first, under every name and address.
    public func reserve(name: String, address: String, policy: SignInThrottlePolicy, now: Double) async throws -> SignInReservation {
        let name = SignInReservation.countedName(name)
        return try await write { db in
            // `at` bounds the index scan; the difference decides, exactly as `policy.counts` does.
            try await db.execute("DELETE FROM signInFailure WHERE at <= ? AND ?::float8 - at >= ?::float8",
                                 [now - policy.window, now, policy.window])
            let trusted = try await db.exists("SELECT 1 FROM signInTrust WHERE name = ? AND address = ?", [name, address])
            guard let row = try await db.row("""
                SELECT COUNT(*) FILTER (WHERE address = ?) AS fromAddress, MIN(at) FILTER (WHERE address = ?) AS addressOldest,
                       COUNT(*) FILTER (WHERE name = ?) AS forName, MIN(at) FILTER (WHERE name = ?) AS nameOldest
                FROM signInFailure WHERE (name = ? OR address = ?) AND ?::float8 - at < ?::float8
                """, [address, address, name, name, name, address, now, policy.window]) else {
                throw PostgresCatalogError(description: "the sign-in failures were not counted")
            }
            let fromAddress = SignInFailures(count: Int(try row.int("fromAddress")), oldest: try row.optionalDouble("addressOldest"))
            let forName = trusted
                ? SignInFailures.empty : SignInFailures(count: Int(try row.int("forName")), oldest: try row.optionalDouble("nameOldest"))
            let reservation = SignInReservation(verdict: policy.verdict(fromAddress: fromAddress, forName: forName, now: now),
                                                name: name, address: address)
            if reservation.isCounted {
                try await db.execute("INSERT INTO signInFailure (at, name, address) VALUES (?, ?, ?)", [now, name, address])
            }
            return reservation
        }
    }

    /// Reports how a reserved attempt ended. A success forgives this name's failures from this
    /// address only (other names tried from the same address stay counted), and trusts the address
    /// for the name (the latest `trustedAddressesPerName` addresses at most).
    public func settle(_ reservation: SignInReservation, succeeded: Bool, now: Double) async throws {
        guard succeeded, reservation.isCounted else { return }
        let (name, address) = (reservation.name, reservation.address)
        try await write { db in
            try await db.execute("DELETE FROM signInFailure WHERE name = ? AND address = ?", [name, address])
            try await db.execute("""
                INSERT INTO signInTrust (name, address, trustedAt) VALUES (?, ?, ?) ON CONFLICT (name, address) DO NOTHING
                """, [name, address, now])
            let trusted = try await db.int("SELECT COUNT(*) FROM signInTrust WHERE name = ?", [name]) ?? 0
            if trusted > SignInReservation.trustedAddressesPerName {
                try await db.execute("DELETE FROM signInTrust WHERE name = ? AND address <> ?", [name, address])
            }
        }
    }
}
