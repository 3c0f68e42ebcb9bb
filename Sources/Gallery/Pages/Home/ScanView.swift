import Catalog
import Foundation

/// Live scan progress.
struct ScanView: PageModel {
    static let template = "scan"
    struct Issue: Encodable {
        var key, reason: String
    }
    var chrome: PageChrome
    var heading: Phrase
    var running: Bool
    /// Why the scan stopped, as the scanner says it.
    var failure: String?
    var percent: Int
    var processedText, totalText, rateLabel, rateText, errorsText: Phrase
    /// What the library holds, each kind counted: "1,234 photos · 56 videos".
    var kindsText: Phrase
    var current: String?
    var folders: [FolderCard]
    var issues: [Issue]
    var hasIssues: Bool
    /// Whether curation is written to sidecars, or why not; nil when it is not asked for.
    var sidecarNote: Phrase?
}

extension ScanView {
    /// The page for the scan's progress `p`, what the library holds and the issues the scan met.
    /// The banner every other page shows is this page's detail, so it has none; while a scan
    /// runs it reloads itself every 2 s (no script needed).
    init(chrome: PageChrome, progress p: ScanProgress, libraryName: String, photos: Int, videos: Int, folders: [FolderCard],
         issues: [ScanIssue], sidecarNote: Phrase? = nil) {
        self.sidecarNote = sidecarNote
        self.chrome = chrome
        self.chrome.banner = nil
        self.chrome.refreshSeconds = p.isRunning ? 2 : nil
        switch p.phase {
        case .idle: heading = Phrase("No scan has run yet")
        case .listing: heading = Phrase("Listing the library…")
        case .scanning: heading = Phrase("Scanning \(libraryName)")
        case .finished: heading = Phrase("Library up to date")
        case .failed: heading = Phrase("Scan stopped")
        }
        running = p.isRunning
        failure = p.failure
        percent = p.percent
        processedText = .number(p.processed)
        totalText = .number(p.total)
        (rateLabel, rateText) = Self.rate(p)
        errorsText = .number(p.errors)
        kindsText = Phrase.joined([Phrase(count: photos, "\(photos) photo", "\(photos) photos"),
                                   Phrase(count: videos, "\(videos) video", "\(videos) videos")], separator: " · ")
        current = p.current
        self.folders = folders
        self.issues = issues.map { Issue(key: $0.key, reason: $0.reason) }
        hasIssues = !issues.isEmpty
    }

    /// The scan's pace: its speed while it runs, how long it took once done.
    static func rate(_ p: ScanProgress) -> (label: Phrase, text: Phrase) {
        // Whole files a second, rounded as "%.0f" rounds (English keeps "files/s" for one too).
        let speed = Int(p.filesPerSecond.rounded(.toNearestOrEven))
        switch p.phase {
        case .listing, .scanning:
            return (Phrase("Speed"), p.processed == 0 ? Phrase("starting…") : Phrase(count: speed, "\(speed) files/s", "\(speed) files/s"))
        case .finished, .failed:
            guard let start = p.startedAt, let end = p.finishedAt else { return (Phrase("Took"), .verbatim("–")) }
            let took = duration(end.timeIntervalSince(start))
            return (Phrase("Took"), p.filesPerSecond >= 1 ? Phrase(count: speed, "\(took) (\(speed) files/s)", "\(took) (\(speed) files/s)") : took)
        case .idle:
            return (Phrase("Speed"), .verbatim("–"))
        }
    }

    /// A span of time as a person says it: "under 0.1 s", "0.4 s", "12 s", "3 min 5 s", "2 h 10 min"
    /// in English.
    static func duration(_ seconds: Double) -> Phrase {
        let s = max(0, seconds)
        if s < 0.1 { return Phrase("under 0.1 s") }
        if s < 10 { return Phrase("\(Phrase.Argument.tenths(s)) s") }
        let whole = Int(s.rounded())
        if whole < 60 { return Phrase("\(whole) s") }
        if whole < 3600 { return Phrase("\(whole / 60) min \(whole % 60) s") }
        return Phrase("\(whole / 3600) h \(whole % 3600 / 60) min")
    }
}
