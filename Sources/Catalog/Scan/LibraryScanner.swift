import Foundation
import Imaging
import Logging
import Synchronization

/// Brings the catalog up to date with a photo source.
///
/// Unchanged files (same key, size and mtime) are skipped; new and changed ones are hashed
/// and probed in parallel, about one worker per core; results are written in batches, and
/// folder counts are refreshed as it goes so pages fill in live.
public struct LibraryScanner: Sendable {
    let source: any PhotoSource
    let store: any PhotoCatalog
    let monitor: ScanMonitor
    let workers: Int
    let logger: Logger
    /// Where reads of the library's bytes in this process are noted before they happen.
    public let journal: ReadJournal
    private let pool = BlockingPool(label: "photolala.scan", qos: .utility)
    /// Run once the catalog holds a scan's result and before the scan is said to be over, so that
    /// whatever is counted from the catalog (the home page's collections) is counted anew while
    /// pages still take the counts of a moment ago, and not by the first visitor after the scan.
    public var finishing: (@Sendable () async -> Void)?
    /// Whether a scan into an empty catalog loads in bulk: the pages' indexes (and SQLite's
    /// full-text rows) set aside while its rows go in, made once at the end, and folder counts
    /// made at the end only (`Schema+SetAside`). Half the writer's work at a million files, but
    /// nothing to see until it is done: for `photolala scan`, not a server's first scan, whose
    /// pages fill in as it goes.
    public var loadsInBulk = false

    /// Nothing else asks the machine for anything while this scan runs (`photolala scan`): its
    /// passes in memory use every core (`ScanPlan`'s `onEveryCore`). A server's scans leave the
    /// other cores to the pages.
    public var usesEveryCore = false

    /// Creates a scanner; `workers` defaults to the number of cores. Reads are noted in `journal`.
    public init(source: any PhotoSource, store: any PhotoCatalog, journal: ReadJournal, monitor: ScanMonitor = ScanMonitor(),
                workers: Int = ProcessInfo.processInfo.activeProcessorCount, logger: Logger = Logger(label: "photolala.scan")) {
        self.journal = journal
        self.source = source
        self.store = store
        self.monitor = monitor
        self.workers = max(1, workers)
        self.logger = logger
    }

    /// Runs one full scan. Throws `SourceError.unavailable` (and removes nothing) when the library
    /// can't be read, and `ScanBusy` (doing nothing) while another instance scans the same catalog.
    /// `listing`: the library's walk, started by the caller while the catalog was being opened
    /// (`photolala scan` walks while SQLite checks the catalog file); nil walks it here.
    @discardableResult
    public func run(listing early: Task<SourceListing, any Error>? = nil) async throws -> ScanSummary {
        let summary = Mutex<ScanSummary?>(nil)
        let ran = try await store.exclusiveScan { [store, source, logger] in
            // One instance at a time, as scans are: two would settle the same moves at once.
            do {
                let settled = try await store.settleAbandonedTrashMoves(source: source)
                if settled > 0 { logger.notice("finished or undid \(settled) trash moves a stopped instance left") }
            } catch {
                logger.warning("trash moves a stopped instance left could not be settled", metadata: ["reason": "\(error)"])
            }
            let result = try await scan(early)
            summary.withLock { $0 = result }
        }
        guard ran, let result = summary.withLock({ $0 }) else {
            logger.info("scan skipped: another instance is scanning this catalog's library")
            throw ScanBusy()
        }
        return result
    }

    /// The listing the caller's walk makes, or this scan's own.
    private static func walk(_ early: Task<SourceListing, any Error>?, _ source: any PhotoSource) async throws -> SourceListing {
        if let early { return try await early.value }
        return try await source.list()
    }

    private func scan(_ early: Task<SourceListing, any Error>?) async throws -> ScanSummary {
        let started = Date()
        monitor.update { $0 = ScanProgress(); $0.phase = .listing; $0.startedAt = started }
        logger.info("scan started", metadata: ["library": "\(source.displayName)"])
        // The library is walked while what the catalog knows is read: two passes, on two cores,
        // neither waiting for the other (a million files: the walk's 5 s and the read's 1.5 s).
        // The catalog's states are awaited here, not in a child task, so that the plan owns the
        // only copy of them and takes keys out of it in place.
        async let walked = Self.walk(early, source)
        let known = try await store.fileStates()
        let failed = try await store.issueStates()
        var listing: SourceListing
        do {
            listing = try await walked
        } catch {
            let reason = (error as? SourceError)?.description ?? "The library could not be read."
            monitor.update { $0.phase = .failed; $0.failure = reason; $0.finishedAt = Date() }
            logger.error("scan stopped, nothing removed: \(reason)")
            throw error
        }
        // Sidecars are read for what they say of their files (`readSidecars`), never as photos.
        let sidecars = listing.entries.filter { SourceKey.hasSidecarName($0.key) }
        if !sidecars.isEmpty { listing.entries.removeAll { SourceKey.hasSidecarName($0.key) } }
        var plan = ScanPlan(listing: listing, known: consume known, failed: failed, onEveryCore: usesEveryCore)
        let sidecarKeys = Set(sidecars.map(\.key))
        plan.goneIssues.removeAll { sidecarKeys.contains($0) }
        var summary = ScanSummary()
        summary.total = listing.entries.count
        summary.unchanged = plan.unchangedCount
        monitor.update {
            $0.phase = .scanning
            $0.total = listing.entries.count
            $0.processed = plan.unchangedCount
            $0.errors = plan.knownFailures + listing.skipped.count
        }
        try await store.removeFiles(keys: plan.vanished)
        summary.removed = plan.vanished.count
        // Files that were being read when an earlier process crashed, with nothing to say which
        // of them did it: each is read alone first, so a second crash can only be its own.
        let suspects = Set(journal.takeSuspects().map(\.key))
        let work = suspects.isEmpty ? plan.work : plan.work.filter { !suspects.contains($0.key) }
        let bulk = loadsInBulk && plan.catalogWasEmpty && !work.isEmpty
        if bulk { try await store.setIndexesAside() }
        do {
            for entry in plan.work where suspects.contains(entry.key) {
                let result = try await analyse([entry], alone: true)
                for item in result { count(item, updates: plan.updates, into: &summary) }
                try await store.apply(result)
                monitor.update { $0.processed += 1; $0.changed += 1 }
            }
            try await process(work, updates: plan.updates, newKeys: plan.catalogWasEmpty, bulk: bulk, summary: &summary)
            if bulk { try await store.restoreSetAside() }
        } catch is CancellationError {
            // Everything analysed so far is written; the next scan skips it and carries on.
            if bulk { _ = try? await store.restoreSetAside() }
            try? await store.rebuildFolders()
            monitor.update { $0.phase = .idle; $0.current = nil; $0.finishedAt = Date() }
            logger.notice("scan stopped at a safe point; it resumes at the next scan",
                          metadata: ["processed": "\(summary.added + summary.updated + summary.unchanged)", "total": "\(summary.total)"])
            throw CancellationError()
        } catch {
            // (Were this to fail too, the next start makes them: `Runtime.start`.)
            if bulk { _ = try? await store.restoreSetAside() }
            throw error
        }
        try await store.forgetIssues(keys: plan.goneIssues)
        summary.conflicts = try await readSidecars(sidecars, listing: listing, issues: failed)
        summary.errors += plan.knownFailures + listing.skipped.count
        // The folders are made again unless nothing they are made from changed since they last
        // were (a rescan of an unchanged library; the catalog knows: `FoldersBuilt`).
        if usesEveryCore {
            // What the library holds is counted on another core while the folders are made; only
            // the pairing can change it (a still and its clip count as one), and when it did,
            // it is counted again.
            async let counted = store.kindCounts()
            let repaired = try await store.rebuildFolders(skippingWhenBuilt: true)
            summary.kinds = try await counted
            if repaired { summary.kinds = try await store.kindCounts() }
        } else {
            try await store.rebuildFolders(skippingWhenBuilt: true)
            summary.kinds = try await store.kindCounts()
        }
        await finishing?()
        summary.seconds = Date().timeIntervalSince(started)
        let final = summary
        monitor.update { $0.phase = .finished; $0.finishedAt = Date(); $0.current = nil; $0.errors = final.errors }
        logger.info("scan finished", metadata: ["total": "\(final.total)", "added": "\(final.added)",
                                                "removed": "\(final.removed)", "errors": "\(final.errors)"])
        if final.unavailable > 0 {
            logger.notice("\(final.unavailable) files could not be read now and were left as they were; the next scan tries them again")
        }
        return summary
    }

    /// Reads the sidecars that changed since Photolala last wrote or read them, and puts what they
    /// say into the photos of their files: `name.ext.xmp` is `name.ext`'s, `name.xmp` the first
    /// file of the folder named `name` with an extension, names compared without case. A sidecar whose file the catalog does
    /// not hold is read again at the next scan. A sidecar that replaced changes made here and not
    /// yet written to it is reported as a scan issue (the conflict); returns how many.
    private func readSidecars(_ sidecars: [SourceEntry], listing: SourceListing, issues: [String: FileState]) async throws -> Int {
        let known = try await store.sidecarStates(keys: nil)
        var gone = Set(known.keys)
        var read: [String: FileState] = [:]
        var settled: [String] = []
        var conflicts = 0
        var stems: [String: String]?
        for entry in sidecars {
            gone.remove(entry.key)
            let state = FileState(size: entry.size, mtimeNs: entry.mtimeNs)
            guard known[entry.key] != state, entry.size <= Int64(XMPSidecar.largest) else { continue }
            // What lies among a share link's uploads says nothing the household takes in.
            guard !LinkUploads.holds(entry.key) else { continue }
            let base = String(entry.key.dropLast(4))
            var target = base
            if try await store.photoId(forKey: base, sight: .everything) == nil {
                // Names are matched without case, as pairs are (`FilePairs.stem`): `IMG_1.jpg.xmp`
                // is `IMG_1.JPG`'s, `img_1.xmp` `IMG_1.CR2`'s; folders keep their case.
                if stems == nil {
                    var index: [String: String] = [:]
                    for file in listing.entries.sorted(by: { $0.key < $1.key }) where !SourceKey.hasSidecarName(file.key) {
                        let name = SourceKey.name(of: file.key), folder = SourceKey.folder(of: file.key)
                        for folded in [name.lowercased(), FilePairs.stem(name)] where index[folder + "/" + folded] == nil {
                            index[folder + "/" + folded] = file.key
                        }
                    }
                    stems = index
                }
                guard let file = stems?[SourceKey.folder(of: base) + "/" + SourceKey.name(of: base).lowercased()] else { continue }
                target = file
            }
            let bytes: [UInt8]
            do {
                bytes = try await source.read(entry.key, range: 0..<entry.size)
            } catch {
                continue  // read again at the next scan
            }
            guard let applied = try await store.applySidecar(XMPSidecar.read(bytes), toFileAt: target) else { continue }
            read[entry.key] = state
            if applied.conflict {
                conflicts += 1
                let reason = "Changed in another program while changes made here were not yet written to it: its "
                    + applied.changed.joined(separator: ", ") + " replaced those changes (the newer word wins)."
                logger.warning("a sidecar replaced changes not yet written to it", metadata: ["sidecar": "\(entry.key)", "changed": "\(applied.changed)"])
                try await store.apply([.failed(entry, reason: reason)])
            } else if issues[entry.key] != nil {
                settled.append(entry.key)
            }
        }
        try await store.recordSidecars(read)
        try await store.forgetSidecars(keys: Array(gone))
        try await store.forgetIssues(keys: settled)
        if !read.isEmpty { logger.info("read sidecars", metadata: ["changed": "\(read.count)", "conflicts": "\(conflicts)"]) }
        return conflicts
    }

    /// Indexes a few known files at once (fresh uploads) without a full walk.
    @discardableResult
    public func index(keys: [String]) async throws -> [String: IndexResult] {
        try await index(keys.map { ($0, nil) })
    }

    /// Indexes files just placed in the library whose bytes were read already (an upload's staged
    /// copy, moved or copied there whole): a picture's identity and probe are taken over under the
    /// entry the file has now, with no second read of its bytes; anything else is read again.
    /// The rows are committed as a scan's batches are, and the folders' rows after them wait for
    /// the disk unless `waitingForDisk` is false: for a caller that commits a write that waits
    /// right after (`InboxCommits`), which takes both to the disk with it.
    @discardableResult
    public func index(placed: [(key: String, analysis: FileAnalysis)], waitingForDisk: Bool = true) async throws -> [String: IndexResult] {
        try await index(placed.map { ($0.key, Optional($0.analysis)) }, waitingForDisk: waitingForDisk)
    }

    private func index(_ keys: [(key: String, analysed: FileAnalysis?)], waitingForDisk: Bool = true) async throws -> [String: IndexResult] {
        var results: [String: IndexResult] = [:]
        var batch: [FileAnalysis] = []
        for (key, analysed) in keys {
            let found: SourceEntry?
            do {
                found = try await source.entry(forKey: key)
            } catch {
                results[key] = .failed("it could not be read now (\(error)); the next scan tries it again")
                continue
            }
            guard let entry = found else {
                results[key] = .failed("the file vanished")
                continue
            }
            let analysis: FileAnalysis
            switch analysed {
            case .new(_, let identity, let probe)? where identity.size == entry.size:
                analysis = .new(entry, identity, FileAnalysis.admitted(probe, at: entry.key))
            default:
                analysis = try await analyse(entry)
            }
            batch.append(analysis)
            switch analysis {
            case .known, .new: results[key] = .indexed
            case .notImage: results[key] = .failed("not an image")
            case .failed(_, let reason): results[key] = .failed(reason)
            case .unavailable(_, let reason): results[key] = .failed("\(reason); the next scan tries it again")
            }
        }
        try await store.apply(batch)
        // A file's rows are written or removed by its key alone, so only its folder changed.
        try await store.refreshFolders(Set(keys.map { SourceKey.folder(of: $0.key) }), waitingForDisk: waitingForDisk)
        return results
    }

    /// What `index(keys:)` made of one file.
    public enum IndexResult: Sendable, Equatable {
        case indexed
        case failed(String)
    }

    /// Files handed to a worker at once: enough to make the hand-off cheap next to the work,
    /// few enough that progress and the cancellation safe point stay fine-grained.
    static let chunkSize = 32

    /// `bulk`: the pages' indexes are set aside, so folder counts, which read down them, wait for the end.
    private func process(_ work: [SourceEntry], updates: Set<String>, newKeys: Bool, bulk: Bool, summary: inout ScanSummary) async throws {
        var batch: [FileAnalysis] = []
        var lastFlush = Date()
        var lastFolders = Date()
        // Folder counts are made anew from every file row, so in a large library they are made
        // less often: the writer spends at most about a tenth of its time on them.
        var foldersEvery: TimeInterval = 2
        // One batch is written while the next is analysed, so the catalog's single writer and the
        // analysing threads each keep a core busy. A load into an empty catalog may write as many
        // as the catalog takes at once (`bulkBatchesAtOnce`). Each task gives how long folder counts took.
        var writing: [Task<TimeInterval?, any Error>] = []
        let atOnce = bulk ? max(1, store.bulkBatchesAtOnce) : 1
        do {
            try await withThrowingTaskGroup(of: [FileAnalysis].self) { group in
                // Small jobs get small chunks, so there is always more than what is in flight.
                let size = max(1, min(Self.chunkSize, work.count / (workers * 16)))
                var next = stride(from: 0, to: work.count, by: size).lazy
                    .map { Array(work[$0..<min($0 + size, work.count)]) }.makeIterator()
                // Enough chunks in flight that analysis goes on while a batch is written.
                for _ in 0..<workers * 8 { if let chunk = next.next() { group.addTask { try await analyse(chunk) } } }
                while let results = try await group.next() {
                    // Once cancelled (the server is stopping), start nothing new; what is in flight still lands.
                    if !Task.isCancelled, let chunk = next.next() { group.addTask { try await analyse(chunk) } }
                    for result in results { count(result, updates: updates, into: &summary) }
                    batch += results
                    let failures = results.reduce(0) { if case .failed = $1 { $0 + 1 } else { $0 } }
                    monitor.update {
                        $0.processed += results.count
                        $0.changed += results.count
                        $0.current = results.last?.entry.key
                        $0.errors += failures
                    }
                    // Large batches: each commit writes every page it changed into the WAL, and the indexes
                    // (key, folder, content, full text) put one file's rows on many pages.
                    if batch.count >= 2048 || Date().timeIntervalSince(lastFlush) > 2 {
                        // At most `atOnce` batches wait for the writer, so memory stays bounded.
                        while writing.count >= atOnce {
                            if let took = try await writing.removeFirst().value { foldersEvery = max(2, took * 10) }
                        }
                        let rows = batch, folders = !bulk && Date().timeIntervalSince(lastFolders) > foldersEvery
                        writing.append(Task { [store] in
                            if bulk { try await store.applyInBulk(rows, now: Date()); return nil }
                            try await store.apply(rows, newKeys: newKeys)
                            guard folders else { return nil }
                            let started = Date()
                            try await store.rebuildFolders()
                            return Date().timeIntervalSince(started)
                        })
                        batch.removeAll(keepingCapacity: true)
                        lastFlush = Date()
                        if folders { lastFolders = Date() }
                    }
                }
            }
        } catch {
            // What was handed to the writer lands before the scan says where it stopped.
            for task in writing { _ = try? await task.value }
            throw error
        }
        // Every batch handed over lands (or fails) before the scan goes on or says why it stopped.
        var failure: (any Error)?
        for task in writing {
            do { _ = try await task.value } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
        if bulk { try await store.applyInBulk(batch, now: Date()) } else { try await store.apply(batch, newKeys: newKeys) }
        if Task.isCancelled { throw CancellationError() }
    }

    private func analyse(_ entry: SourceEntry) async throws -> FileAnalysis {
        guard let analysis = try await analyse([entry]).first else { throw CancellationError() }
        return analysis
    }

    /// The bytes come from the source as local files (a copy, for a source without them), kept
    /// until the analysis is done.
    private func analyse(_ entries: [SourceEntry], alone: Bool = false) async throws -> [FileAnalysis] {
        // A file the source could not give now (a download cut off by cancellation, a bucket's
        // outage) comes back `unavailable` and is left for the next scan, never marked failed.
        let files = await source.localFiles(forKeys: entries.map(\.key))
        return await FileAnalysis.analyse(entries, files: files, as: .scan, journal: journal, pool: pool, alone: alone) { [store] identities in
            try await store.photoIds(for: identities)
        }
    }

    private func count(_ result: FileAnalysis, updates: Set<String>, into summary: inout ScanSummary) {
        switch result {
        case .known, .new:
            if updates.contains(result.entry.key) { summary.updated += 1 } else { summary.added += 1 }
        case .failed:
            summary.errors += 1
        case .unavailable(let entry, let reason):
            summary.unavailable += 1
            logger.debug("could not be read now, will be tried again", metadata: ["key": "\(entry.key)", "reason": "\(reason)"])
        case .notImage:
            break
        }
    }
}

/// A scan not started because another instance sharing the catalog is scanning the library.
public struct ScanBusy: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "Another instance is scanning this library; its scan brings the shared catalog up to date." }
}
