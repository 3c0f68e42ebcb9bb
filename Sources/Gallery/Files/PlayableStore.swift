import Catalog
import Foundation
import Imaging
import Logging

/// H.264/AAC MP4 renditions of videos browsers cannot play, under `playable/ab/<sha>.mp4` in the
/// data folder: made once, on first asking, by ffmpeg in a child process, one at a time (a
/// transcode takes a core for as long as the video lasts), written under a temporary name and
/// renamed in when whole. A failure leaves `<sha>.failed` beside it, so it is never tried again
/// until that marker goes; pages then offer the download instead.
actor PlayableStore {
    /// Where a video's rendition stands.
    enum State: Sendable, Equatable {
        case ready
        case preparing
        case failed
        case absent
        /// Not started: whoever asked has `perRequester` renditions waiting or being made already.
        case overLimit
        /// Not started: it came through a share link, and its holders cannot start work on it.
        case awaitingHousehold
    }

    /// How many renditions one requester (an account, a share link, a guest's address) may have
    /// waiting or being made at once, so nobody holds the one-at-a-time queue for everyone.
    static let perRequester = 2

    private let root: String
    private let source: any PhotoSource
    private let limiter = AsyncLimiter(limit: 1)
    private let pool = BlockingPool(label: "photolala.playable", qos: .utility)
    private let logger: Logger
    private var running: Set<String> = []
    /// The renditions waiting or being made, in the order they were asked for, and who asked.
    private var queue: [(sha: String, requester: String)] = []
    /// Content destroyed while its rendition was being made: the rendition is dropped when done.
    private var discarded: Set<String> = []

    /// Where instances share renditions (`--cache`), or nil.
    private let shared: (any SharedRenditionStore)?

    init(dataPath: String, source: any PhotoSource, logger: Logger, shared: (any SharedRenditionStore)? = nil) {
        root = dataPath + "/playable"
        self.source = source
        self.shared = shared
        self.logger = logger
        let root = self.root
        Task.detached(priority: .background) { ThumbnailStore.sweepTemporaries(in: root) }
    }

    /// The rendition's path (it may not exist yet).
    nonisolated func path(sha256: String) -> String {
        "\(root)/\(sha256.prefix(2))/\(sha256).mp4"
    }

    private nonisolated func failureMarker(sha256: String) -> String {
        "\(root)/\(sha256.prefix(2))/\(sha256).failed"
    }

    /// Deletes the renditions (and failure markers) of content whose last copy was destroyed,
    /// here and in the shared store, so nothing of it is served again; one being made is dropped
    /// when it is done.
    /// `everywhere` false: only this instance's copies (another instance removed the shared ones).
    func forget(_ hashes: Set<String>, everywhere: Bool = true) async {
        for sha256 in hashes {
            unlink(path(sha256: sha256))
            unlink(failureMarker(sha256: sha256))
            if running.contains(sha256) { discarded.insert(sha256) }
        }
        guard everywhere, let shared, !hashes.isEmpty else { return }
        do {
            try await shared.remove(namesStartingWith: hashes.sorted().map { Self.sharedName(sha256: $0) })
        } catch {
            logger.error("playable renditions of destroyed videos could not be removed from the shared cache", metadata: ["reason": "\(error)"])
        }
    }

    /// A rendition's name in the shared store: its path under the data folder.
    static func sharedName(sha256: String) -> String { "playable/\(sha256.prefix(2))/\(sha256).mp4" }

    /// Where the video's rendition stands; a look at two paths, no work started.
    func state(sha256: String) -> State {
        if running.contains(sha256) { return .preparing }
        if access(path(sha256: sha256), F_OK) == 0 { return .ready }
        return access(failureMarker(sha256: sha256), F_OK) == 0 ? .failed : .absent
    }

    /// Starts making the rendition of `photo` for `requester` unless it is made, being made or
    /// failed before, or (`mayStart` false) whoever asks may not start it, or the requester has
    /// `perRequester` waiting already; says where it stands afterwards. The work goes on after the
    /// request that asked has its answer.
    func prepare(_ photo: PhotoDetail, for requester: String, mayStart: Bool = true) -> State {
        let sha = photo.card.sha256
        let now = state(sha256: sha)
        guard now == .absent else { return now }
        guard mayStart else { return .awaitingHousehold }
        guard queue.count(where: { $0.requester == requester }) < Self.perRequester else { return .overLimit }
        running.insert(sha)
        queue.append((sha, requester))
        Task { await make(photo) }
        return .preparing
    }

    /// How many renditions are waiting or being made before this one (0 when it is being made or not queued).
    func ahead(of sha256: String) -> Int {
        queue.firstIndex { $0.sha == sha256 } ?? 0
    }

    private func make(_ photo: PhotoDetail) async {
        let sha = photo.card.sha256
        let (target, marker) = (path(sha256: sha), failureMarker(sha256: sha))
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = folder + "/.tmp-\(UUID().uuidString).mp4"
        // Made by another instance already: copied, not made again.
        if let shared {
            do {
                if try await shared.fetch(Self.sharedName(sha256: sha), to: target) {
                    logger.info("playable rendition copied from the shared cache", metadata: ["sha": "\(sha.prefix(12))"])
                    finish(sha)
                    return
                }
            } catch {
                logger.warning("shared rendition cache unreadable; making the rendition here", metadata: ["reason": "\(error)"])
            }
        }
        do {
            try await limiter.run { [source, pool] in
                guard let file = try await source.localFile(forKey: photo.card.key) else { throw ImagingError.unreadable("the file is gone") }
                try await pool.run {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try withExtendedLifetime(file) {
                        try Imaging.transcodePlayable(fileAt: file.path, format: photo.format,
                                                      duration: photo.card.durationMs.map { Double($0) / 1_000 }, bytes: photo.card.size,
                                                      to: temporary)
                    }
                    guard rename(temporary, target) == 0 else { throw ImagingError.unreadable("the rendition could not be stored") }
                }
            }
            logger.info("playable rendition made", metadata: ["sha": "\(sha.prefix(12))"])
            if let shared, !discarded.contains(sha) {
                do { try await shared.store(Self.sharedName(sha256: sha), from: target) } catch {
                    logger.warning("rendition could not be put in the shared cache", metadata: ["reason": "\(error)"])
                }
            }
        } catch {
            unlink(temporary)
            let reason = (error as? ImagingError)?.description ?? "could not be read"
            logger.error("playable rendition failed: \(reason)", metadata: ["sha": "\(sha.prefix(12))"])
            // The folder may not exist yet (the file was gone before any work began).
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: marker, contents: Data(reason.utf8))
        }
        finish(sha)
    }

    private func finish(_ sha: String) {
        running.remove(sha)
        queue.removeAll { $0.sha == sha }
        // Destroyed meanwhile: the shared copy went with the rest when it was forgotten.
        if discarded.remove(sha) != nil {
            unlink(path(sha256: sha))
            unlink(failureMarker(sha256: sha))
        }
    }
}
