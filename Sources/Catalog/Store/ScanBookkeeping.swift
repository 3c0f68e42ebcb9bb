import Foundation
import Imaging

/// The writes and look-ups a scan needs: what is known of each file, and batches of results.
public protocol ScanBookkeeping: Sendable {
    /// Size and mtime of every known file, by key.
    func fileStates() async throws -> [String: FileState]
    /// Size and mtime of every file that failed before, by key.
    func issueStates() async throws -> [String: FileState]
    /// The photos the catalog has for these content identities; the scanner asks between
    /// hashing and probing a chunk of files.
    func photoIds(for identities: [ContentIdentity]) async throws -> [ContentIdentity: Int64]
    /// Writes a batch of analysed files in one transaction. `newKeys`: the caller knows that no
    /// key in the batch has a file row or a recorded failure yet (a scan of an empty catalog), so
    /// neither is looked for. `durable`: the commit waits for the disk. A scan's batch need not:
    /// everything in it is read again from the library at the next scan, should a power cut take
    /// it (the catalog stays whole either way: SQLite's WAL, PostgreSQL's own log).
    func apply(_ batch: [FileAnalysis], now: Date, newKeys: Bool, durable: Bool) async throws
    /// How many batches of one scan into an empty catalog `applyInBulk` may write at once.
    var bulkBatchesAtOnce: Int { get }
    /// Writes a batch of the one scan loading an empty catalog, as `apply` with `newKeys` and
    /// not `durable` writes it, while up to `bulkBatchesAtOnce - 1` other batches of the same scan
    /// may be writing too. Only that scan may call it (`LibraryScanner`, which holds
    /// `exclusiveScan`): the batches share the writer among themselves and with nothing else.
    func applyInBulk(_ batch: [FileAnalysis], now: Date) async throws
    /// Forgets files that are gone from the source; their photos (and curation) stay.
    func removeFiles(keys: [String]) async throws
    /// Forgets the recorded failures of these files (the walk no longer finds them).
    func forgetIssues(keys: [String]) async throws
    /// Pairs files that are one shot (`FilePairs`), then recomputes every folder's counts and
    /// cover photo; says whether any file was paired or stood alone anew. `skippingWhenBuilt`:
    /// does nothing (and says false) when nothing the folders are made from changed since the
    /// last rebuild by the same rules (`FoldersBuilt`); only a scan's end asks for it.
    @discardableResult
    func rebuildFolders(skippingWhenBuilt: Bool) async throws -> Bool
    /// Pairs the files of these folders, then makes their rows and those of the folders above
    /// them again, as `rebuildFolders` would make them, after files came into or left only
    /// these folders (`FolderRefresh`). `waitingForDisk: false` only where a write that waits
    /// follows at once (`SQLDatabase.writeBriefly(waitingForDisk:)`).
    func refreshFolders(_ folders: Set<String>, waitingForDisk: Bool) async throws
    /// What the library holds, by kind.
    func kindCounts() async throws -> KindCounts
    /// Sets aside the indexes (and SQLite's full-text rows) a scan into an empty catalog makes
    /// once at its end, writing down how to make each again; returns how many.
    @discardableResult func setIndexesAside() async throws -> Int
    /// Makes again whatever is set aside, by this process or one that stopped; returns how many.
    @discardableResult func restoreSetAside() async throws -> Int
}

extension ScanBookkeeping {
    /// One: a catalog whose writes are serialised anyway (SQLite's single writer) gains nothing
    /// from a second batch waiting at its door.
    public var bulkBatchesAtOnce: Int { 1 }

    public func applyInBulk(_ batch: [FileAnalysis], now: Date) async throws {
        try await apply(batch, now: now, newKeys: true, durable: false)
    }

    /// Pairs files and makes every folder's row again, whatever changed.
    @discardableResult
    public func rebuildFolders() async throws -> Bool {
        try await rebuildFolders(skippingWhenBuilt: false)
    }

    /// Makes these folders' rows again, waiting for the disk.
    public func refreshFolders(_ folders: Set<String>) async throws {
        try await refreshFolders(folders, waitingForDisk: true)
    }

    /// Writes a scan's batch, which need not wait for the disk.
    public func apply(_ batch: [FileAnalysis], now: Date, newKeys: Bool) async throws {
        try await apply(batch, now: now, newKeys: newKeys, durable: false)
    }

    /// Writes a batch of analysed files, stamped `now`, whose keys may be known.
    public func apply(_ batch: [FileAnalysis], now: Date) async throws {
        try await apply(batch, now: now, newKeys: false)
    }

    /// Writes a batch of analysed files, stamped now.
    public func apply(_ batch: [FileAnalysis], newKeys: Bool = false) async throws {
        try await apply(batch, now: Date(), newKeys: newKeys)
    }
}
