import Foundation
import SourceContract

/// Splits a walk's listing into work: what changed, what is unchanged, what vanished.
struct ScanPlan {
    var work: [SourceEntry] = []
    var unchangedCount = 0
    var knownFailures = 0
    var vanished: [String] = []
    /// The keys of `work` the catalog already had a file for (an update, not an addition).
    var updates = Set<String>()
    /// Recorded failures of files the walk no longer finds.
    var goneIssues: [String] = []
    /// The catalog knew no file and no failure: nothing the scan writes has a row yet.
    var catalogWasEmpty = false

    /// `known` is the catalog's state of every file, by key. It is taken, not copied: each key
    /// the listing holds is removed from it as it is matched, so what is left is what vanished,
    /// and no second set of a million keys is made to find it.
    ///
    /// `onEveryCore`: the listing is first matched in parts, one a core, looking keys up without
    /// taking them out (a million files: about 1 s on one core). When every key the catalog knew
    /// was listed (each key is listed once: a source's listing names a file once), nothing
    /// vanished and that is the plan; otherwise it is made again one key at a time, as without.
    init(listing: SourceListing, known: consuming [String: FileState], failed: [String: FileState], onEveryCore: Bool = false) {
        var unmatched = consume known
        catalogWasEmpty = unmatched.isEmpty && failed.isEmpty
        // Every file is new: the listing is the work, its array shared rather than copied (at a
        // million files, 32 MB and the copy's growing pains).
        if catalogWasEmpty {
            work = listing.entries
            return
        }
        var parts: [Part]
        if onEveryCore, let matched = Self.matchedInParts(listing.entries, known: unmatched, failed: failed),
           matched.reduce(0, { $0 + $1.matched }) == unmatched.count {
            // Every key the catalog knew was listed: nothing vanished.
            parts = matched
            unmatched = [:]
        } else {
            var whole = Part()
            for entry in listing.entries { whole.tally(entry, was: unmatched.removeValue(forKey: entry.key), failure: failed[entry.key]) }
            parts = [whole]
        }
        var failedListed = Set<String>()
        work = parts.count == 1 ? parts[0].work : parts.flatMap(\.work)
        for part in parts {
            unchangedCount += part.unchanged
            knownFailures += part.knownFailures
            updates.formUnion(part.updates)
            failedListed.formUnion(part.failedListed)
        }
        let unreadable = listing.unreadableFolders
        // Items under a folder we could not read are unknown, not gone.
        let hidden = { (key: String) in
            let folder = SourceKey.folder(of: key)
            return unreadable.contains { $0.isEmpty || folder == $0 || folder.hasPrefix($0 + "/") }
        }
        vanished = unmatched.keys.filter { !hidden($0) }
        goneIssues = failed.keys.filter { !failedListed.contains($0) }
    }

    /// What a part of the listing holds, matched against the catalog.
    struct Part: Sendable {
        var work: [SourceEntry] = []
        var unchanged = 0
        var knownFailures = 0
        var updates = Set<String>()
        var failedListed = Set<String>()
        /// How many of its keys the catalog knew.
        var matched = 0

        /// Counts a listed file the catalog knew as `was` (nil: not at all) and recorded as
        /// failing in the state `failure`.
        mutating func tally(_ entry: SourceEntry, was: FileState?, failure: FileState?) {
            let state = FileState(size: entry.size, mtimeNs: entry.mtimeNs)
            if was != nil { matched += 1 }
            if failure != nil { failedListed.insert(entry.key) }
            if was == state {
                unchanged += 1
            } else if failure == state {
                // Failed before and unchanged since: not tried again, but counted.
                unchanged += 1
                knownFailures += 1
            } else {
                work.append(entry)
                if was != nil { updates.insert(entry.key) }
            }
        }
    }

    /// The listing matched in as many parts as there are cores, in its order; nil for a listing
    /// too small to be worth the threads.
    static func matchedInParts(_ entries: [SourceEntry], known: [String: FileState], failed: [String: FileState]) -> [Part]? {
        let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
        guard count > 1, entries.count >= 10_000 else { return nil }
        let size = (entries.count + count - 1) / count
        let ranges = (0..<count).map { min(entries.count, $0 * size)..<min(entries.count, ($0 + 1) * size) }
        return ranges.mapOnEveryCore { range in
            var part = Part()
            for entry in entries[range] { part.tally(entry, was: known[entry.key], failure: failed[entry.key]) }
            return part
        }
    }
}
