import Synchronization

/// When a PostgreSQL catalog gathers its tables' statistics while files are written into it.
///
/// PostgreSQL plans each query by the statistics it keeps of a table, and a cold scan fills
/// empty tables faster than autovacuum gathers them (on two busy cores, not once in a million
/// files). Without them the planner guesses, and it took the look-up of a batch's hashes among
/// the known photos for a pass over every photo: a cold scan went quadratic, with 45 ms a
/// look-up at 130,000 photos. So the catalog itself has them gathered as its rows grow: after the
/// first `first` rows written, and again each time what it wrote since the last time is as many
/// rows as it had written then (5,000, 10,000, 20,000 ...: eight times in a million).
final class GrowthStatistics: Sendable {
    private struct State {
        var sinceLast = 0
        var atLast = 0
        var gathering = false
    }
    private let state = Mutex(State())
    let first: Int

    init(first: Int = 5_000) { self.first = first }

    /// Counts `written` more rows, and whether it is time to gather statistics; a true answer is
    /// the caller's turn, which no one else gets until it calls `gathered()`.
    func due(after written: Int) -> Bool {
        state.withLock { s in
            s.sinceLast += written
            guard !s.gathering, s.sinceLast >= max(first, s.atLast) else { return false }
            (s.atLast, s.sinceLast, s.gathering) = (s.atLast + s.sinceLast, 0, true)
            return true
        }
    }

    /// Ends the turn `due` gave.
    func gathered() { state.withLock { $0.gathering = false } }
}

extension PostgresCatalog {
    /// The tables a scan and uploads fill, whose statistics are gathered as they grow.
    static let growingTables = "photo, file, fileSearch, photoTag, tag"

    /// Has the growing tables' statistics gathered when `written` more rows make it time
    /// (`GrowthStatistics`). Outside any write: ANALYZE blocks no reader or writer. Statistics
    /// only help the planner, so a failure is logged and the scan goes on.
    func gatherStatistics(after written: Int) async {
        guard growth.due(after: written) else { return }
        defer { growth.gathered() }
        do {
            try await database.connection { try await $0.execute("ANALYZE \(Self.growingTables)", []) }
        } catch {
            logger.warning("catalog: the tables' statistics were not gathered: \(String(describing: error))")
        }
    }
}
