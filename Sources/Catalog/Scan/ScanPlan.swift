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
    init(listing: SourceListing, known: consuming [String: FileState], failed: [String: FileState]) {
        var unmatched = consume known
        catalogWasEmpty = unmatched.isEmpty && failed.isEmpty
        // Every file is new: the listing is the work, its array shared rather than copied (at a
        // million files, 32 MB and the copy's growing pains).
        if catalogWasEmpty {
            work = listing.entries
            return
        }
        var failedListed = Set<String>()
        for entry in listing.entries {
            let state = FileState(size: entry.size, mtimeNs: entry.mtimeNs)
            let was = unmatched.removeValue(forKey: entry.key)
            let failure = failed[entry.key]
            if failure != nil { failedListed.insert(entry.key) }
            if was == state {
                unchangedCount += 1
            } else if failure == state {
                // Failed before and unchanged since: don't retry, but still count it.
                unchangedCount += 1
                knownFailures += 1
            } else {
                work.append(entry)
                if was != nil { updates.insert(entry.key) }
            }
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
}
