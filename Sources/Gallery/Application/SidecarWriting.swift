import Catalog
import Foundation
import Imaging

/// Writes the household's curation to XMP sidecars beside the files (`--write-sidecars`), beside
/// the requests: the photos whose curation changed (`sidecarPending`, marked by the catalog's
/// triggers whatever wrote it) a batch at a time, each sidecar merged into what is there
/// (`XMPSidecar.merged`: another program's properties are kept) and replaced in one step by the
/// source, then recorded (the two as one piece of work a shutdown does not cut in two). A photo
/// stops waiting once all its sidecars say what the catalog does, unless it changed again
/// meanwhile; a crash leaves it waiting. A sidecar that changed since Photolala last wrote or
/// read it is not written over: its photo waits until a scan has read it (the newer word), then
/// is written again. Nothing is
/// written while a scan runs, nor to a library that is read-only (the curation stays in the
/// catalog, and the start says so). Off, it keeps nothing waiting.
public struct SidecarWriting: Sendable {
    let store: any PhotoCatalog
    let source: any PhotoSource
    let enabled: Bool
    let readOnly: Bool
    let monitor: ScanMonitor?
    /// Where "every photo was marked once" is kept: a data folder's flag file, so that turning the
    /// setting on writes the sidecars of the curation made before.
    let marker: String?
    var batch = 64
    /// Waits for a turn of the server's background work before each batch (`BackgroundTurns.take`).
    var giveWay: (@Sendable () async -> Int)?

    public init(store: any PhotoCatalog, source: any PhotoSource, enabled: Bool, readOnly: Bool, monitor: ScanMonitor? = nil, marker: String?) {
        (self.store, self.source, self.enabled, self.readOnly, self.monitor, self.marker) = (store, source, enabled, readOnly, monitor, marker)
    }

    /// Why sidecars are not written although asked for; nil when they are.
    public func hindrance() async -> String? {
        guard enabled else { return nil }
        if readOnly { return "the library is read-only (--read-only-library)" }
        if await !source.isWritable() { return "the library cannot be written to" }
        return nil
    }

    /// One round at a time in a process: a round that returns has written what waited when it
    /// began, including what another round had taken.
    private static let rounds = AsyncLock()

    /// Writes the sidecars of every photo waiting; returns how many sidecars it wrote.
    @discardableResult
    public func writeWaiting() async throws -> Int {
        try await Self.rounds.withLock { try await round() }
    }

    private func round() async throws -> Int {
        guard enabled else {
            try await store.clearPendingSidecars()
            if let marker { unlink(marker) }
            return 0
        }
        guard await hindrance() == nil, monitor?.progress.isRunning != true else { return 0 }
        if let marker, access(marker, F_OK) != 0 {
            try await store.markCuratedPhotosForSidecars()
            FileManager.default.createFile(atPath: marker, contents: Data("sidecars are written\n".utf8))
        }
        var written = 0
        var after: Int64 = 0
        while !Task.isCancelled, monitor?.progress.isRunning != true {
            _ = await giveWay?()
            let work = try await store.pendingSidecars(after: after, limit: batch)
            guard let last = work.last else { break }
            after = last.photoId
            // Each photo's sidecars are written and recorded as one piece of work that a shutdown
            // does not cut in two: a sidecar written and not recorded would look changed elsewhere.
            let (count, done) = try await Task { try await writeBatch(work) }.value
            written += count
            try await store.finishSidecars(done)
            if work.count < batch { break }
        }
        return written
    }

    /// Writes each photo's sidecars, recording each as it is written; returns how many it wrote
    /// and the photos all of whose sidecars now say what the catalog does.
    private func writeBatch(_ work: [SidecarWork]) async throws -> (Int, [SidecarWork]) {
        let known = try await store.sidecarStates(keys: work.flatMap { $0.keys.map(XMPSidecar.sidecarKey) })
        var written = 0
        var done: [SidecarWork] = []
        for photo in work {
            var blocked = false
            for key in photo.keys.map(XMPSidecar.sidecarKey) {
                switch await write(photo, sidecar: key, known: known[key]) {
                case .written(let state):
                    try await store.recordSidecars([key: state])
                    written += 1
                case .same: break
                case .blocked: blocked = true
                case .notPacket(let entry):
                    // Another program's file by that name: left alone, and said on the scan page.
                    blocked = true
                    try await store.apply([.failed(entry, reason: Self.notPacket)], now: Date())
                }
            }
            if !blocked { done.append(photo) }
        }
        return (written, done)
    }

    private enum Outcome { case written(FileState), same, blocked, notPacket(SourceEntry) }

    /// Why a file named like a sidecar is not written: what the scan page says of it.
    static let notPacket = "Named like the photo's XMP sidecar but not an XMP packet: left as it is, so the photo's curation is not written beside it."

    /// Writes one sidecar unless it changed elsewhere since it was last written or read (or
    /// cannot be read or written now): then it is `blocked`, and its photo waits.
    private func write(_ photo: SidecarWork, sidecar key: String, known: FileState?) async -> Outcome {
        do {
            let now = try await source.entry(forKey: key)
            var existing: [UInt8]?
            if let now {
                guard FileState(size: now.size, mtimeNs: now.mtimeNs) == known else { return .blocked }
                guard now.size <= Int64(XMPSidecar.largest) else { return .blocked }
                existing = try await source.read(key, range: 0..<now.size)
                if let existing, !existing.isEmpty, !XMPSidecar.isPacket(existing) { return .notPacket(now) }
            }
            // A sidecar whose markup cannot take ours is not written over: its photo waits.
            guard let bytes = XMPSidecar.merged(photo.curation, fileOrientation: photo.fileOrientation, into: existing) else { return .blocked }
            guard bytes != existing else { return .same }
            let entry = try await source.writeSidecar(key, bytes: bytes)
            return .written(FileState(size: entry.size, mtimeNs: entry.mtimeNs))
        } catch {
            return .blocked
        }
    }
}
