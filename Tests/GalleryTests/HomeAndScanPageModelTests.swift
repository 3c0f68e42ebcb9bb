import Foundation
import Testing
@testable import Catalog
@testable import Gallery

/// The home page's and the scan page's view models for a given library and scan: what they say
/// while a scan runs, after it, and when it found nothing.
@Suite struct HomeAndScanPageModelTests {
    private static func progress(_ phase: ScanProgress.Phase, processed: Int = 0, total: Int = 0) -> ScanProgress {
        var p = ScanProgress()
        p.phase = phase
        (p.processed, p.total) = (processed, total)
        return p
    }

    private static let card = FolderCard(url: SiteURL.folder("trip"), name: .verbatim("trip"), countText: .verbatim("3 photos"))
    private static let root = FolderSummary(path: "", name: "", photoCount: 0, totalCount: 1_234, folderCount: 1)

    @Test func anEmptyHomeSaysWhetherTheScanIsStillFindingFolders() {
        let chrome = PageChrome(title: .verbatim("Library"))
        for (phase, finding) in [(ScanProgress.Phase.idle, true), (.listing, true), (.scanning, true), (.finished, false), (.failed, false)] {
            let home = HomeView(chrome: chrome, root: nil, folders: [], collections: [], onThisDay: nil, scan: Self.progress(phase),
                                libraryName: "Photos")
            #expect(home.emptyMessage?.hasPrefix("Scanning your library") == finding, "\(phase)")
            #expect(home.emptyMessage?.contains("No photos found in Photos") == !finding, "\(phase)")
            #expect(home.summary == "0 photos · 0 folders")
        }
        // and a library with folders says what it holds, and nothing of being empty
        let full = HomeView(chrome: chrome, root: Self.root, folders: [Self.card], collections: [Self.card], onThisDay: nil,
                            scan: Self.progress(.scanning), libraryName: "Photos")
        #expect(full.emptyMessage == nil && full.summary == "1,234 photos · 1 folder")
        #expect(full.collections.folders.count == 1)
    }

    @Test func theScanPageFollowsTheScanAndReloadsOnlyWhileItRuns() {
        // while it runs: its progress, a reload every 2 s, and no banner (this page is its detail)
        var chrome = PageChrome(title: .verbatim("Scan"))
        chrome.banner = ScanBanner(text: .verbatim("Scanning"), failed: false)
        let running = ScanView(chrome: chrome, progress: Self.progress(.scanning, processed: 250, total: 1_000), libraryName: "Photos",
                               photos: 240, videos: 10, folders: [], issues: [])
        #expect(running.heading == "Scanning Photos" && running.running && running.percent == 25)
        #expect(running.chrome.refreshSeconds == 2 && running.chrome.banner == nil)
        #expect(running.processedText == "250" && running.totalText == "1,000")
        #expect(running.kindsText == "240 photos · 10 videos" && !running.hasIssues)
        // once done: no reload, and the files it could not read, each with why
        let done = ScanView(chrome: chrome, progress: Self.progress(.finished, processed: 1_000, total: 1_000), libraryName: "Photos",
                            photos: 1, videos: 0, folders: [Self.card], issues: [ScanIssue(key: "bad.jpg", reason: "not an image")])
        #expect(done.heading == "Library up to date" && !done.running && done.chrome.refreshSeconds == nil)
        #expect(done.kindsText == "1 photo · 0 videos")
        #expect(done.hasIssues && done.issues.map(\.key) == ["bad.jpg"])
        let stopped = ScanView(chrome: chrome, progress: Self.progress(.failed), libraryName: "Photos", photos: 0, videos: 0, folders: [],
                               issues: [])
        #expect(stopped.heading == "Scan stopped" && stopped.chrome.refreshSeconds == nil)
    }
}
