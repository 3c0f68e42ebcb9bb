import Catalog
import Foundation
import Imaging
import Logging
import NIOCore
import NIOPosix

/// Content-addressed renditions under `thumbnails/ab/<sha>-<size>.jpg` in the data folder
/// (`<sha>-<size>-r90.jpg` for a picture the household turned, `.webp` for WebP ones):
/// generated on first request, written atomically, deduplicated while in flight, bounded in
/// concurrency, and never regenerated after a failure (a placeholder is served instead). The
/// cache keeps to its budget (`RenditionCache`), and a warm rendition is found without entering
/// this actor (`cachedBytes`).
actor ThumbnailStore {
    /// What a request for a rendition resolves to.
    enum Outcome: Sendable, Equatable {
        case file(String)
        case placeholder
        case unknown
        /// Made, but the cache could not store it (a full disk, say): try again later.
        case unstored
    }

    private let root: String
    /// Which renditions are on disk, in memory; evicts the least recently served past the budget.
    nonisolated let cache: RenditionCache
    /// The bytes of small renditions (tiles, covers) served lately, in memory.
    nonisolated let recent = RecentRenditions()
    private let catalog: any PhotoQueries & TrashStore
    private let source: any PhotoSource
    private let limiter: AsyncLimiter
    private let pool = BlockingPool(label: "photolala.thumbnails")
    private let logger: Logger
    private var inFlight: [String: Task<Outcome, Never>] = [:]
    private var failed: Set<String> = []
    /// When a failure of the shared store was last logged.
    private var lastSharedWarning: ContinuousClock.Instant?

    private let metrics: GalleryMetrics?
    private let journal: ReadJournal

    /// Where instances share renditions (`--cache`), or nil.
    private let shared: (any SharedRenditionStore)?

    init(dataPath: String, catalog: any PhotoQueries & TrashStore, source: any PhotoSource, journal: ReadJournal, workers: Int, logger: Logger,
         metrics: GalleryMetrics? = nil, cache: RenditionCache? = nil, shared: (any SharedRenditionStore)? = nil) {
        self.metrics = metrics
        self.shared = shared
        self.journal = journal
        root = dataPath + "/thumbnails"
        let cache = cache ?? RenditionCache(root: root, budget: .unlimited)
        self.cache = cache
        self.catalog = catalog
        self.source = source
        limiter = AsyncLimiter(limit: workers)
        self.logger = logger
        // A kill mid-write can leave a temporary file behind; sweep them once, off the request path.
        let root = self.root
        Task.detached(priority: .background) {
            ThumbnailStore.sweepTemporaries(in: root)
            cache.load()
        }
    }

    /// Removes `.tmp-*` files a killed write left in the cache folders.
    @discardableResult
    static func sweepTemporaries(in root: String) -> Int {
        var removed = 0
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] where name.hasPrefix(".tmp-") {
                if unlink(root + "/" + folder + "/" + name) == 0 { removed += 1 }
            }
        }
        return removed
    }

    /// The cache path of a rendition.
    nonisolated func path(_ picture: Picture, size: Int, encoding: RenditionEncoding = .jpeg) -> String {
        cache.path(sha256: picture.sha256, size: size, turn: picture.rotation.rawValue, encoding: encoding)
    }

    /// The bytes of a cached rendition when the index has it: the warm path, with no actor hop and
    /// no stat, and for small renditions served lately no file opened either (`RecentRenditions`).
    /// Nil when it is not cached, or its file is gone (then it is forgotten, to be made again).
    /// `justMade` reads one this request has made, so it is not counted as served from the cache.
    nonisolated func cachedBytes(_ picture: Picture, size: SiteURL.Rendition, encoding: RenditionEncoding = .jpeg,
                                 justMade: Bool = false) async -> ByteBuffer? {
        guard let key = Self.key(picture, size: size.rawValue, encoding: encoding), cache.serve(key, counting: !justMade) else { return nil }
        if !justMade { metrics?.thumbnail(.cached) }
        if let bytes = recent.bytes(key) { return bytes }
        let path = cache.path(key)
        guard let bytes = try? await NIOThreadPool.singleton.runIfActive({ try Self.read(path) }) else {
            cache.remove(key)
            return nil
        }
        recent.keep(key, bytes)
        return bytes
    }

    /// A whole (small) file: a rendition is at most a few hundred kilobytes.
    private static func read(_ path: String) throws -> ByteBuffer {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CocoaError(.fileNoSuchFile) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size <= 64 << 20 else { throw CocoaError(.fileReadCorruptFile) }
        let size = Int(info.st_size)
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { raw in
            var done = 0
            while done < size {
                let n = Glibc.read(fd, raw.baseAddress! + done, size - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            return done
        }
        guard read == size else { throw CocoaError(.fileReadCorruptFile) }
        return buffer
    }

    private static func key(_ picture: Picture, size: Int, encoding: RenditionEncoding) -> RenditionCache.Key? {
        RenditionCache.key(sha256: picture.sha256, size: size, turn: picture.rotation.rawValue, encoding: encoding)
    }

    /// Deletes every cached rendition of these pictures (their last copy was destroyed, or was
    /// read wrongly before), here and in the shared store, so nothing of them is served again.
    /// `everywhere` false: only this instance's copies (another instance removed the shared ones).
    func forget(_ hashes: Set<String>, everywhere: Bool = true) async {
        forgetHere(hashes)
        guard everywhere, let shared, !hashes.isEmpty else { return }
        do {
            try await shared.remove(namesStartingWith: hashes.sorted().map { "thumbnails/\($0.prefix(2))/\($0)-" })
        } catch {
            logger.error("renditions of destroyed photos could not be removed from the shared cache", metadata: ["reason": "\(error)"])
        }
    }

    private func forgetHere(_ hashes: Set<String>) {
        for sha256 in hashes {
            for size in SiteURL.Rendition.allCases {
                for rotation in Rotation.allCases {
                    for encoding in RenditionEncoding.allCases {
                        let picture = Picture(sha256: sha256, rotation: rotation)
                        let target = path(picture, size: size.rawValue, encoding: encoding)
                        unlink(target)
                        failed.remove(target)
                        if let key = Self.key(picture, size: size.rawValue, encoding: encoding) {
                            cache.remove(key)
                            recent.drop(key)
                        }
                    }
                }
            }
        }
    }

    /// Finds or makes the rendition of a picture.
    func rendition(_ picture: Picture, size: SiteURL.Rendition, encoding: RenditionEncoding = .jpeg) async -> Outcome {
        let target = path(picture, size: size.rawValue, encoding: encoding)
        let key = Self.key(picture, size: size.rawValue, encoding: encoding)
        var info = stat()
        if stat(target, &info) == 0 {
            metrics?.thumbnail(.cached)
            if let key { cache.record(key, bytes: Int64(info.st_size), hit: true) }
            return .file(target)
        }
        if failed.contains(target) { return .placeholder }
        if let running = inFlight[target] { return await running.value }
        let task = Task { await generate(picture, size: size, encoding: encoding, target: target) }
        inFlight[target] = task
        let outcome = await task.value
        inFlight[target] = nil
        if case .placeholder = outcome { failed.insert(target) }
        switch outcome {
        case .file:
            if let key, stat(target, &info) == 0 { cache.record(key, bytes: Int64(info.st_size)) }
        case .placeholder: metrics?.thumbnail(.failed)
        case .unknown, .unstored: break
        }
        return outcome
    }

    private func generate(_ picture: Picture, size: SiteURL.Rendition, encoding: RenditionEncoding, target: String) async -> Outcome {
        let sha256 = picture.sha256
        // Where a copy is: in the library, or else in the trash (the trash page shows thumbnails too).
        let copy: (key: String, format: ImageFormat)?
        let trashKey: String?
        do {
            // (Made for whoever the route let ask: the server's own work sees everything.)
            copy = try await catalog.fileForContent(sha256: sha256, sight: .everything).map { ($0.key, $0.format) }
            trashKey = copy == nil ? try await catalog.trashKey(forContent: sha256) : nil
        } catch {
            logger.error("thumbnail lookup failed", metadata: ["sha": "\(sha256.prefix(12))"])
            return .unknown
        }
        guard copy != nil || trashKey != nil else { return .unknown }
        // Made by another instance already: copied, not made again.
        if await fetchShared(target) {
            metrics?.thumbnail(.shared)
            return .file(target)
        }
        // That copy as a local file the decoders can read, kept until the rendition is made.
        let file: LocalFile
        let format: ImageFormat
        var entry: SourceEntry?
        do {
            if let copy, let local = try await source.localFile(forKey: copy.key) {
                (file, format) = (local, copy.format)
                // Decoding in this process: a crash must mark the file, not come back at every view.
                if Imaging.decodesInProcess { entry = local.entry }
            } else if let trashKey, let local = try await source.trashedFile(trashKey), let sniffed = try ImageFormat.sniff(fileAt: local.path) {
                (file, format) = (local, sniffed)
            } else {
                return .unknown
            }
        } catch {
            logger.error("thumbnail lookup failed", metadata: ["sha": "\(sha256.prefix(12))"])
            return .unknown
        }
        let (fit, box) = (size.fit, size.box)
        do {
            let stored = try await limiter.run { [journal, entry] in
                try await pool.run { () -> Bool in
                    let render = {
                        try withExtendedLifetime(file) {
                            try Imaging.renderJPEG(fileAt: file.path, format: format, width: box.width, height: box.height, fit: fit,
                                                  quality: encoding.quality, rotation: picture.rotation, encoding: encoding)
                        }
                    }
                    let jpeg = try entry.map { try journal.reading(.render, $0, render) } ?? render()
                    do { try AtomicFile.write(jpeg, to: target) } catch { return false }
                    return true
                }
            }
            if !stored {
                logger.error("thumbnail cache could not be written (is the data folder full?)", metadata: ["sha": "\(sha256.prefix(12))"])
                return .unstored
            }
            metrics?.thumbnail(.generated)
            await storeShared(target)
            return .file(target)
        } catch {
            logger.warning("thumbnail failed; serving a placeholder", metadata: ["sha": "\(sha256.prefix(12))", "reason": "\(error)"])
            return .placeholder
        }
    }

    /// A rendition's name in the shared store: its path under the data folder.
    private func sharedName(_ target: String) -> String { "thumbnails" + target.dropFirst(root.count) }

    /// Copies the rendition from the shared store to `target`; false when the store has none or
    /// cannot be read (then it is made here, and the error logged).
    private func fetchShared(_ target: String) async -> Bool {
        guard let shared else { return false }
        do {
            return try await shared.fetch(sharedName(target), to: target)
        } catch {
            warnOfShared("shared rendition cache unreadable; making renditions here", error)
            return false
        }
    }

    /// Puts a rendition just made into the shared store; a failure is logged, the rendition still served.
    private func storeShared(_ target: String) async {
        guard let shared else { return }
        do {
            try await shared.store(sharedName(target), from: target)
        } catch {
            warnOfShared("renditions could not be put in the shared cache", error)
        }
    }

    /// Logs a failure of the shared store, at most once a minute: a store that is down fails
    /// every rendition a page asks for.
    private func warnOfShared(_ message: Logger.Message, _ error: any Error) {
        let now = ContinuousClock.now
        if let last = lastSharedWarning, now - last < .seconds(60) { return }
        lastSharedWarning = now
        logger.warning(message, metadata: ["reason": "\(error)"])
    }
}
