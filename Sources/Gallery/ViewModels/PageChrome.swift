/// What every page's layout shows: title, breadcrumbs, the scan banner.
struct PageChrome {
    var title: String
    var crumbs: [Crumb] = []
    var banner: ScanBanner?
    /// Seconds after which the page reloads itself (the scan page while a scan runs; no JS needed).
    var refreshSeconds: Int?
    let stylesheet = Paths.stylesheet
    let favicon = Paths.favicon
    let homeURL = Paths.home
    let scanURL = Paths.scan
    let searchURL = Paths.search
}

/// One breadcrumb; the last one has no link.
struct Crumb {
    var name: String
    var url: String?
}

/// The compact line shown on every page while a scan runs or after it failed.
struct ScanBanner {
    var text: String
    var failed: Bool
    let url = Paths.scan
}
