import Catalog
import Foundation

/// Live scan progress.
struct ScanView: PageModel {
    static let template = "scan"
    struct Issue: Encodable {
        var key, reason: String
    }
    var chrome: PageChrome
    var heading: String
    var running: Bool
    var failure: String?
    var percent: Int
    var processedText, totalText, rateLabel, rateText, errorsText: String
    /// What the library holds, each kind counted: "1,234 photos · 56 videos".
    var kindsText: String
    var current: String?
    var folders: [FolderCard]
    var issues: [Issue]
    var hasIssues: Bool
    /// Whether curation is written to sidecars, or why not; nil when it is not asked for.
    var sidecarNote: String?
}

extension ScanView {
    /// The page for the scan's progress `p`, what the library holds and the issues the scan met.
    /// The banner every other page shows is this page's detail, so it has none; while a scan
    /// runs it reloads itself every 2 s (no script needed).
    init(chrome: PageChrome, progress p: ScanProgress, libraryName: String, photos: Int, videos: Int, folders: [FolderCard],
         issues: [ScanIssue], sidecarNote: String? = nil) {
        self.sidecarNote = sidecarNote
        self.chrome = chrome
        self.chrome.banner = nil
        self.chrome.refreshSeconds = p.isRunning ? 2 : nil
        switch p.phase {
        case .idle: heading = "No scan has run yet"
        case .listing: heading = "Listing the library…"
        case .scanning: heading = "Scanning \(libraryName)"
        case .finished: heading = "Library up to date"
        case .failed: heading = "Scan stopped"
        }
        running = p.isRunning
        failure = p.failure
        percent = p.percent
        processedText = Formatting.count(p.processed)
        totalText = Formatting.count(p.total)
        (rateLabel, rateText) = Self.rate(p)
        errorsText = Formatting.count(p.errors)
        kindsText = Formatting.plural(photos, "photo", "photos") + " · " + Formatting.plural(videos, "video", "videos")
        current = p.current
        self.folders = folders
        self.issues = issues.map { Issue(key: $0.key, reason: $0.reason) }
        hasIssues = !issues.isEmpty
    }

    /// The scan's pace: its speed while it runs, how long it took once done.
    static func rate(_ p: ScanProgress) -> (label: String, text: String) {
        switch p.phase {
        case .listing, .scanning:
            return ("Speed", p.processed == 0 ? "starting…" : String(format: "%.0f files/s", p.filesPerSecond))
        case .finished, .failed:
            guard let start = p.startedAt, let end = p.finishedAt else { return ("Took", "–") }
            let took = Formatting.duration(end.timeIntervalSince(start))
            return ("Took", p.filesPerSecond >= 1 ? took + String(format: " (%.0f files/s)", p.filesPerSecond) : took)
        case .idle:
            return ("Speed", "–")
        }
    }
}
