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
        /// Every file id in order, for groups no index can walk in order (searches, tags,
        /// favorites) and small enough to keep: a page is then a look-up of its own ids.
        var ids: [Int64]? = nil
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
