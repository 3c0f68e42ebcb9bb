import GRDB
import Synchronization

/// Remembers where each numbered page of a group starts, so any page is one keyset query
/// (`(column, id) >= start`) instead of an OFFSET walk. Entries key on the catalog version.
final class PageIndexCache: Sendable {
    struct Key: Hashable {
        var group: PhotoGroup
        var sort: PhotoSort
        var perPage: Int
        var version: Int
    }

    /// The first row of each page and the total count.
    struct Entry: Sendable {
        var starts: [(value: DatabaseValue, id: Int64)]
        var total: Int
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let limit = 512

    func entry(for key: Key, build: () throws -> Entry) rethrows -> Entry {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let built = try build()
        entries.withLock { cache in
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[key] = built
        }
        return built
    }
}
