import Catalog
import Synchronization

/// A `PhotoSource` that wraps another and fails chosen calls as a source in trouble does (a
/// bucket's short outage, a disk's I/O error): with `SourceError.unavailable`, never as if the
/// item were gone. Everything it does not fail goes to the wrapped source as it is.
public final class FailingSource: PhotoSource {
    /// What fails now.
    private struct Failures {
        /// The reason reads fail with, or nil when they do not.
        var reads: String?
        /// The keys whose reads fail; nil for every key.
        var keys: Set<String>?
        /// The reason deletes from the trash fail with, or nil when they do not.
        var trashDeletes: String?
    }

    /// The source the calls that do not fail go to.
    public let base: any PhotoSource
    private let failures = Mutex(Failures())
    /// Whether reads of the bytes wait, as on a slow disk or bucket, and who waits.
    private let held = Mutex<(holding: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// `base`, failing nothing until told to.
    public init(_ base: any PhotoSource) { self.base = base }

    // MARK: what tests do to it

    /// Fails every read of the bytes of `keys` (of every key when nil), a stat of them included,
    /// with `SourceError.unavailable(reason)`; listing still works, as it does when an outage
    /// starts after a scan has listed. Nil `reason` ends the outage.
    public func failReads(_ reason: String?, keys: Set<String>? = nil) {
        failures.withLock { ($0.reads, $0.keys) = (reason, keys) }
    }

    /// Fails every delete from the trash with `SourceError.unavailable(reason)`; nil ends it.
    public func failTrashDeletes(_ reason: String?) {
        failures.withLock { $0.trashDeletes = reason }
    }

    /// Makes every `localFile` and `localFiles` read wait until `releaseReads()` (a scan's reads
    /// among them), so work that reads stays under way.
    public func holdReads() {
        held.withLock { $0.holding = true }
    }

    /// Lets the held reads go on (each then fails or not as `failReads` says), and later ones at once.
    public func releaseReads() {
        let waiting = held.withLock { state in
            state.holding = false
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiting { waiter.resume() }
    }

    private func waitIfHeld() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let waits = held.withLock { state in
                if state.holding { state.waiters.append(waiter) }
                return state.holding
            }
            if !waits { waiter.resume() }
        }
    }

    /// Throws the read failure that applies to `key`, if one does.
    private func checkRead(_ key: String) throws {
        if let reason = readFailure(key) { throw SourceError.unavailable(reason) }
    }

    private func readFailure(_ key: String) -> String? {
        failures.withLock { failing in (failing.keys?.contains(key) ?? true) ? failing.reads : nil }
    }

    // MARK: PhotoSource

    public var displayName: String { base.displayName }
    public func unavailableReason() async -> String? { await base.unavailableReason() }
    public func isWritable() async -> Bool { await base.isWritable() }
    public func list() async throws -> SourceListing { try await base.list() }

    public func entry(forKey key: String) async throws -> SourceEntry? {
        try checkRead(key)
        return try await base.entry(forKey: key)
    }

    public func read(_ key: String, range: Range<Int64>) async throws -> [UInt8] {
        try checkRead(key)
        return try await base.read(key, range: range)
    }

    public func stream(_ key: String, range: Range<Int64>) async throws -> ByteChunks {
        try checkRead(key)
        return try await base.stream(key, range: range)
    }

    public func localPath(forKey key: String) -> String? {
        readFailure(key) == nil ? base.localPath(forKey: key) : nil
    }

    public func localFile(forKey key: String) async throws -> LocalFile? {
        await waitIfHeld()
        try checkRead(key)
        return try await base.localFile(forKey: key)
    }

    /// The wrapped source's batch for the keys that do not fail, in order, and `unavailable` for the rest.
    public func localFiles(forKeys keys: [String]) async -> [SourceFetch] {
        await waitIfHeld()
        let reasons = keys.map(readFailure)
        var fetched = await base.localFiles(forKeys: zip(keys, reasons).filter { $0.1 == nil }.map(\.0)).makeIterator()
        return reasons.map { reason in reason.map(SourceFetch.unavailable) ?? fetched.next() ?? .gone }
    }

    public func writeSidecar(_ key: String, bytes: [UInt8]) async throws -> SourceEntry {
        try await base.writeSidecar(key, bytes: bytes)
    }

    public func add(stagedFile: String, folder: String, name: String) async throws -> String {
        try await base.add(stagedFile: stagedFile, folder: folder, name: name)
    }

    public func moveToTrash(_ key: String, as trashKey: String) async throws {
        try await base.moveToTrash(key, as: trashKey)
    }

    public func restore(fromTrash trashKey: String, to key: String) async throws -> SourceEntry {
        try await base.restore(fromTrash: trashKey, to: key)
    }

    public func deleteFromTrash(_ trashKey: String) async throws {
        if let reason = failures.withLock({ $0.trashDeletes }) { throw SourceError.unavailable(reason) }
        try await base.deleteFromTrash(trashKey)
    }

    public func trashEntry(_ trashKey: String) async throws -> SourceEntry? { try await base.trashEntry(trashKey) }
    public func trashedFile(_ trashKey: String) async throws -> LocalFile? { try await base.trashedFile(trashKey) }
    public func changes() throws -> AsyncStream<Void> { try base.changes() }
}
