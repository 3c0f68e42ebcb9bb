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
        /// The look-alikes' version, for a group that shows them (the Similar collection); else 0.
        var likeness: Int = 0
        /// What the viewer may not see: each gets the group as they see it.
        var hiding: Hiding
    }

    /// A group's pages: where each starts, or every id in order, and how many there are.
    struct Entry: Sendable {
        /// A folder walked down its own index: the first row of each page (its sort value and
        /// file id), so that any page is one keyset query. Empty where `ids` are kept.
        var starts: [(value: DatabaseValue, id: Int64)] = []
        var total: Int
        /// Every file id in order, for groups no index can walk in order (searches, tags,
        /// favorites): a page is then a look-up of its own ids, and a photo's place a search of them.
        var ids: OrderedIds? = nil
        /// How many pages there are (none for an empty group).
        var pages: Int

        /// A folder's entry: its pages' first rows, and how many rows in all.
        init(starts: [(value: DatabaseValue, id: Int64)], total: Int) {
            (self.starts, self.total, self.pages) = (starts, total, starts.count)
        }

        /// A group's entry that keeps its ids, cut into pages of `perPage`.
        init(ids: OrderedIds, perPage: Int) {
            (self.ids, self.total, self.pages) = (ids, ids.count, (ids.count + perPage - 1) / max(1, perPage))
        }

        /// Memory the entry takes, roughly, in bytes.
        var bytes: Int { starts.count * 32 + (ids?.bytes ?? 0) + 64 }
    }

    private let entries = Mutex<(byKey: [Key: Entry], bytes: Int)>(([:], 0))
    /// At most this many entries...
    private let limit = 512
    /// ...and this many bytes of them (a 100,000-photo search's ids take 400 KB).
    private let byteLimit: Int

    init(byteLimit: Int = 32 << 20) {
        self.byteLimit = byteLimit
    }

    func entry(for key: Key, build: () throws -> Entry) rethrows -> Entry {
        if let hit = entries.withLock({ $0.byKey[key] }) { return hit }
        let built = try build()
        entries.withLock { cache in
            // Entries of older catalog versions are never asked for again, so starting afresh
            // when full loses little.
            if cache.byKey.count >= limit || cache.bytes + built.bytes > byteLimit { cache = ([:], 0) }
            if cache.byKey.updateValue(built, forKey: key) == nil { cache.bytes += built.bytes }
        }
        return built
    }
}
