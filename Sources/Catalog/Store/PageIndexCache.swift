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
        /// The Similar collection's: where each group of look-alikes starts among `ids`, and
        /// where each page starts (`LookAlikes.pageStarts`: pages of whole groups). Nil where a
        /// page is `perPage` ids.
        var lookAlikes: (groups: [Int], pages: [Int])? = nil

        /// A folder's entry: its pages' first rows, and how many rows in all.
        init(starts: [(value: DatabaseValue, id: Int64)], total: Int) {
            (self.starts, self.total, self.pages) = (starts, total, starts.count)
        }

        /// A group's entry that keeps its ids, cut into pages of `perPage`.
        init(ids: OrderedIds, perPage: Int) {
            (self.ids, self.total, self.pages) = (ids, ids.count, (ids.count + perPage - 1) / max(1, perPage))
        }

        /// A group's entry whose ids stand in groups of look-alikes starting at `groups`, each
        /// kept on one page where it fits.
        init(ids: OrderedIds, lookAlikeGroups groups: [Int], perPage: Int) {
            let pages = LookAlikes.pageStarts(groupStarts: groups, count: ids.count, perPage: perPage)
            (self.ids, self.total, self.pages, self.lookAlikes) = (ids, ids.count, pages.count, (groups, pages))
        }

        /// Where page `number` (1-based) stands among `ids`.
        func range(ofPage number: Int, perPage: Int) -> Range<Int> {
            guard let pages = lookAlikes?.pages else { return (number - 1) * perPage..<number * perPage }
            guard pages.indices.contains(number - 1) else { return total..<total }
            return pages[number - 1]..<(number < pages.count ? pages[number] : total)
        }

        /// The page (1-based) holding the id at `offset` among `ids`, where pages are not all `perPage`.
        func page(holding offset: Int) -> Int? {
            guard let pages = lookAlikes?.pages else { return nil }
            return Self.last(in: pages, atOrBefore: offset) + 1
        }

        /// The runs of look-alikes among the ids at `range`, as offsets from its start, each
        /// with its whole group's size and whether the group runs past the range; nil where the
        /// entry keeps no groups.
        func lookAlikeRuns(in range: Range<Int>) -> [(range: Range<Int>, count: Int, continued: Bool, continues: Bool)]? {
            guard let groups = lookAlikes?.groups, !range.isEmpty else { return lookAlikes == nil ? nil : [] }
            var runs: [(range: Range<Int>, count: Int, continued: Bool, continues: Bool)] = []
            var n = Self.last(in: groups, atOrBefore: range.lowerBound)
            while n < groups.count, groups[n] < range.upperBound {
                let whole = groups[n]..<(n + 1 < groups.count ? groups[n + 1] : total)
                let part = whole.clamped(to: range)
                runs.append((part.lowerBound - range.lowerBound..<part.upperBound - range.lowerBound, whole.count,
                             whole.lowerBound < range.lowerBound, whole.upperBound > range.upperBound))
                n += 1
            }
            return runs
        }

        /// The index of the last of `sorted` at or before `offset` (0 when none is).
        private static func last(in sorted: [Int], atOrBefore offset: Int) -> Int {
            var (low, high) = (0, sorted.count)
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            return max(0, low - 1)
        }

        /// Memory the entry takes, roughly, in bytes.
        var bytes: Int { starts.count * 32 + (ids?.bytes ?? 0) + 8 * ((lookAlikes?.groups.count ?? 0) + (lookAlikes?.pages.count ?? 0)) + 64 }
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
