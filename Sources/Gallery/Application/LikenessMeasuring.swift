import Catalog
import Foundation
import Imaging

/// Measures how alike stills are (`Imaging.Likeness`) beside the requests, after the scan: a
/// scan only reads what every page needs, so its cost does not grow by a decode a photo. One
/// still at a time, each decode in a decoder worker like a rendition's (or noted in the read
/// journal when decodes run in this process), on a thread that gives way to requests, and once
/// no request has come for a moment, or a still a second while they keep coming (`giveWay`);
/// nothing is measured while a scan runs. A still that cannot be measured is recorded as such and not
/// tried again while its bytes stand. Each batch's folders are then stacked anew (`BurstStacks`).
public struct LikenessMeasuring: Sendable {
    let store: any PhotoCatalog
    let source: any PhotoSource
    let journal: ReadJournal?
    let monitor: ScanMonitor?
    var batch = 32
    /// Waits before each still until it may be measured (the server's: until no request has
    /// come for a second, a second at most).
    let giveWay: (@Sendable () async -> Void)?
    private let pool = BlockingPool(label: "photolala.likeness", qos: .utility)

    public init(store: any PhotoCatalog, source: any PhotoSource, journal: ReadJournal? = nil, monitor: ScanMonitor? = nil,
                giveWay: (@Sendable () async -> Void)? = nil) {
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
            for photo in waiting {
                await giveWay?()
                guard !Task.isCancelled else { break }
                if let result = await measure(photo) { results.append(result) } else { skipped = true }
            }
            // Its write too waits for a quiet moment: the pairs it keeps are bounded (`SimilarPairs.kept`).
            await giveWay?()
            try await store.recordLikeness(results)
            measured += results.count
            // A file that could not be read now waits for the next round, and so does the rest.
            if waiting.count < batch || skipped { break }
        }
        while !Task.isCancelled, try await store.restackPending(limit: 64) > 0 {}
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
