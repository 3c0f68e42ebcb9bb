import Catalog

/// Builds the shared page chrome: the scan banner depends on live progress.
struct ChromeBuilder: Sendable {
    let monitor: ScanMonitor

    func chrome(title: String, crumbs: [Crumb] = []) -> PageChrome {
        PageChrome(title: title, crumbs: crumbs, banner: banner())
    }

    func banner() -> ScanBanner? {
        let p = monitor.progress
        switch p.phase {
        case .listing:
            return ScanBanner(text: "Scanning: listing the library…", failed: false)
        case .scanning:
            return ScanBanner(text: "Scanning: \(Formatting.count(p.processed)) of \(Formatting.count(p.total)) files (\(p.percent)%)", failed: false)
        case .failed:
            return ScanBanner(text: "Scan stopped: \(p.failure ?? "the library could not be read"). Nothing was removed.", failed: true)
        case .idle, .finished:
            return nil
        }
    }

    /// Breadcrumbs for a folder: Library › a › b (the last one unlinked when `linkLast` is false).
    func crumbs(forFolder path: String, linkLast: Bool) -> [Crumb] {
        var crumbs: [Crumb] = []
        var prefix = ""
        let parts = path.isEmpty ? [] : path.split(separator: "/").map(String.init)
        for (i, part) in parts.enumerated() {
            prefix = prefix.isEmpty ? part : prefix + "/" + part
            crumbs.append(Crumb(name: part, url: (i < parts.count - 1 || linkLast) ? Paths.folder(prefix) : nil))
        }
        return crumbs
    }
}
