/// Splits a walk's listing into work: what changed, what is unchanged, what vanished.
struct ScanPlan {
    var work: [SourceEntry] = []
    var unchangedCount = 0
    var knownFailures = 0
    var vanished: [String] = []
    /// The catalog's state of every file it knew, by key (whether a file is new or changed).
    var known: [String: FileState] = [:]
    /// Every key the listing holds.
    var listed = Set<String>()
    /// The catalog knew no file and no failure: nothing the scan writes has a row yet.
    var catalogWasEmpty = false

    init(listing: SourceListing, known: [String: FileState], failed: [String: FileState]) {
        var seen = Set<String>()
        seen.reserveCapacity(listing.entries.count)
        for entry in listing.entries {
            seen.insert(entry.key)
            let state = FileState(size: entry.size, mtimeNs: entry.mtimeNs)
            if known[entry.key] == state {
                unchangedCount += 1
            } else if failed[entry.key] == state {
                // Failed before and unchanged since: don't retry, but still count it.
                unchangedCount += 1
                knownFailures += 1
            } else {
                work.append(entry)
            }
        }
        self.known = known
        catalogWasEmpty = known.isEmpty && failed.isEmpty
        let unreadable = listing.unreadableFolders
        for key in known.keys where !seen.contains(key) {
            // Items under a folder we could not read are unknown, not gone.
            let folder = SourceKey.folder(of: key)
            let hidden = unreadable.contains { $0.isEmpty || folder == $0 || folder.hasPrefix($0 + "/") }
            if !hidden { vanished.append(key) }
        }
        listed = seen
    }
}
