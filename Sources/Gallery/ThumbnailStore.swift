import Catalog
import Foundation
import Imaging
import Logging

/// Content-addressed renditions under `thumbnails/ab/<sha>-<size>.jpg` in the data folder:
/// generated on first request, written atomically, deduplicated while in flight, bounded in
/// concurrency, and never regenerated after a failure (a placeholder is served instead).
actor ThumbnailStore {
    /// What a request for a rendition resolves to.
    enum Outcome: Sendable {
        case file(String)
        case placeholder
        case unknown
    }

    private let root: String
    private let catalog: CatalogStore
    private let source: PhotoSource
    private let limiter: AsyncLimiter
    private let pool = BlockingPool(label: "photolala.thumbnails")
    private let logger: Logger
    private var inFlight: [String: Task<Outcome, Never>] = [:]
    private var failed: Set<String> = []

    init(dataPath: String, catalog: CatalogStore, source: PhotoSource, workers: Int, logger: Logger) {
        root = dataPath + "/thumbnails"
        self.catalog = catalog
        self.source = source
        limiter = AsyncLimiter(limit: workers)
        self.logger = logger
    }

    /// The cache path of a rendition.
    nonisolated func path(sha256: String, size: Int) -> String {
        "\(root)/\(sha256.prefix(2))/\(sha256)-\(size).jpg"
    }

    /// Finds or makes the rendition of the picture with this hash.
    func rendition(sha256: String, size: Paths.Rendition) async -> Outcome {
        let target = path(sha256: sha256, size: size.rawValue)
        if FileManager.default.fileExists(atPath: target) { return .file(target) }
        if failed.contains(target) { return .placeholder }
        if let running = inFlight[target] { return await running.value }
        let task = Task { await generate(sha256: sha256, size: size, target: target) }
        inFlight[target] = task
        let outcome = await task.value
        inFlight[target] = nil
        if case .placeholder = outcome { failed.insert(target) }
        return outcome
    }

    private func generate(sha256: String, size: Paths.Rendition, target: String) async -> Outcome {
        let file: (key: String, format: ImageFormat)?
        do { file = try catalog.fileForContent(sha256: sha256) } catch {
            logger.error("thumbnail lookup failed", metadata: ["sha": "\(sha256.prefix(12))"])
            return .unknown
        }
        guard let file, let path = source.localPath(forKey: file.key) else { return .unknown }
        let fit: RenditionFit = size == .screen ? .fit : .cover
        do {
            try await limiter.run {
                try await pool.run {
                    let jpeg = try Imaging.renderJPEG(fileAt: path, format: file.format, width: size.rawValue,
                                                      height: size.rawValue, fit: fit)
                    try AtomicFile.write(jpeg, to: target)
                }
            }
            return .file(target)
        } catch {
            logger.warning("thumbnail failed; serving a placeholder", metadata: ["key": "\(file.key)", "reason": "\(error)"])
            return .placeholder
        }
    }
}
