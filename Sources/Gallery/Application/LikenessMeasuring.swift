import Catalog
import Foundation
import Imaging

/// Measures how alike stills are (`Imaging.Likeness`) beside the requests, after the scan: a
/// scan only reads what every page needs, so its cost does not grow by a decode a photo. Each
/// decode runs in a niced decoder worker of the background lane (or is noted in the read journal
/// when decodes run in this process), on a thread that gives way to requests, in turns given by
/// the server's scheduler of background work (`giveWay`, `BackgroundTurns`): as many stills at
/// once as the turn allows (every core once nobody is asking, one while they keep asking);
/// nothing is measured while a scan runs. A still that cannot be measured is recorded as such and not
/// tried again while its bytes stand. Each batch's folders are then stacked anew (`BurstStacks`).
public struct LikenessMeasuring: Sendable {
    let store: any PhotoCatalog
    let source: any PhotoSource
    let journal: ReadJournal?
    let monitor: ScanMonitor?
    var batch = 32
    /// Waits before each turn of stills until they may be measured, and says how many may be
    /// measured at once (the server's: `BackgroundTurns.take`); without it, one at a time.
    let giveWay: (@Sendable () async -> Int)?
    private let pool = BlockingPool(label: "photolala.likeness", qos: .utility)

    public init(store: any PhotoCatalog, source: any PhotoSource, journal: ReadJournal? = nil, monitor: ScanMonitor? = nil,
                giveWay: (@Sendable () async -> Int)? = nil) {
        self.store = store
        self.source = source
        self.journal = journal
        self.monitor = monitor
        self.giveWay = giveWay
    }

    /// Measures every still waiting (until a scan starts), then stacks the folders that changed;
    /// returns how many stills it measured.
    @discardableResult
    public func measureWaiting() async throws -> Int {
        var measured = 0
        while !Task.isCancelled, monitor?.progress.isRunning != true {
            let waiting = try await store.unmeasuredPhotos(limit: batch)
            guard !waiting.isEmpty else { break }
            var results: [MeasuredPhoto] = []
            var skipped = false
            var next = 0
            while next < waiting.count {
                let width = max(1, await giveWay?() ?? 1)
                guard !Task.isCancelled else { break }
                let turn = waiting[next..<min(next + width, waiting.count)]
                next = turn.endIndex
                let measured = await withTaskGroup(of: (Int, MeasuredPhoto?).self) { group in
                    for (index, photo) in zip(turn.indices, turn) { group.addTask { (index, await measure(photo)) } }
                    return await group.reduce(into: [(Int, MeasuredPhoto?)]()) { $0.append($1) }.sorted { $0.0 < $1.0 }
                }
                for (_, result) in measured {
                    if let result { results.append(result) } else { skipped = true }
                }
            }
            // Its write too waits for a quiet moment: the pairs it keeps are bounded (`SimilarPairs.kept`).
            _ = await giveWay?()
            try await store.recordLikeness(results)
            measured += results.count
            // A file that could not be read now waits for the next round, and so does the rest.
            if waiting.count < batch || skipped { break }
        }
        while !Task.isCancelled, try await store.restackPending(limit: 64) > 0 {}
        // The run is over: its niced workers would otherwise hold their memory until the next one.
        if measured > 0 { Imaging.stopIdleBackgroundWorkers() }
        return measured
    }

    /// What measuring `photo` found; nil when its file could not be read now (an outage, or gone).
    private func measure(_ photo: UnmeasuredPhoto) async -> MeasuredPhoto? {
        let unmeasurable = MeasuredPhoto(photoId: photo.photoId, hash: nil, sharpness: nil)
        guard let format = ImageFormat(rawValue: photo.format), !format.isVideo else { return unmeasurable }
        let file: LocalFile
        do {
            // Gone since it was listed: the next scan settles where its photo is.
            guard let found = try await source.localFile(forKey: photo.key) else { return nil }
            file = found
        } catch {
            return nil
        }
        let entry = Imaging.decodesInProcess ? file.entry : nil
        do {
            let likeness = try await pool.run { [journal] () -> Likeness in
                let read = { try withExtendedLifetime(file) { try Imaging.likeness(fileAt: file.path, format: format) } }
                guard let journal, let entry else { return try read() }
                return try journal.reading(.render, entry, read)
            }
            return MeasuredPhoto(photoId: photo.photoId, hash: likeness.hash, sharpness: likeness.sharpness)
        } catch {
            return unmeasurable
        }
    }
}
