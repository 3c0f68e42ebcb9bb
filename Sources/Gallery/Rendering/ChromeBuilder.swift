import Catalog

/// Builds the shared page chrome: the scan banner depends on live progress.
struct ChromeBuilder: Sendable {
    let monitor: ScanMonitor
    /// The demo note every page shows when the library is the generated demo.
    var demo: DemoNote?

    /// The chrome for a page seen by this request's visitor.
    /// `section` is the tab the page belongs to, marked as the current one.
    func chrome(title: Phrase, crumbs: [Crumb] = [], section: NavSection? = nil, for context: GalleryContext) -> PageChrome {
        let visitor = context.visitor
        guard visitor.role != nil else {
            return PageChrome(title: title, crumbs: crumbs, banner: nil, demo: demo, flash: context.flash.map { FlashNote(text: $0.text) },
                              nav: NavBar(menuLabel: Phrase("Menu"), loginURL: SiteURL.login), homeURL: nil)
        }
        let nav = NavBar(menuLabel: visitor.account.map { .verbatim($0.name) } ?? Phrase("Guest"),
                         scanURL: SiteURL.scan,
                         uploadURL: visitor.can(.member) ? SiteURL.upload : nil,
                         sharedURL: visitor.can(.member) && visitor.account != nil ? SiteURL.shared : nil,
                         usersURL: visitor.can(.admin) && visitor.account != nil ? SiteURL.users : nil,
                         accountURL: visitor.account != nil ? SiteURL.account : nil,
                         loginURL: visitor.account == nil ? SiteURL.login : nil,
                         logout: visitor.account != nil ? LogoutForm(csrf: context.csrfToken) : nil,
                         tabs: NavSection.allCases.map { NavTab(label: $0.label, url: $0.url, icon: $0.icon, current: $0 == section) })
        let flash = context.flash.map { FlashNote(text: $0.text, undo: $0.undoToken.map { UndoButton(csrf: context.csrfToken, token: $0) }) }
        // A page to be kept has the banner's place marked instead: it is filled as the page goes out.
        return PageChrome(title: title, crumbs: crumbs, banner: context.bannerSlot == nil ? banner() : nil, bannerSlot: context.bannerSlot,
                          demo: demo, flash: flash, nav: nav)
    }

    /// The chrome of a share-link page: no menu, no banner, no way out of the shared group.
    func sharedChrome(title: Phrase) -> PageChrome {
        PageChrome(title: title, crumbs: [], banner: nil, demo: demo, nav: nil, homeURL: nil)
    }

    func banner() -> ScanBanner? {
        let p = monitor.progress
        switch p.phase {
        case .listing:
            return ScanBanner(text: Phrase("Scanning: listing the library…"), failed: false)
        case .scanning:
            return ScanBanner(text: Phrase("Scanning: \(p.processed) of \(p.total) files (\(p.percent)%)"), failed: false)
        case .failed:
            return ScanBanner(text: p.failure.map { Phrase("Scan stopped: \($0). Nothing was removed.") } ?? Phrase("Scan stopped: the library could not be read. Nothing was removed."), failed: true)
        case .idle, .finished:
            return nil
        }
    }

    /// Breadcrumbs for a folder: Library › a › b (the last one unlinked when `linkLast` is false).
    static func crumbs(forFolder path: String, linkLast: Bool) -> [Crumb] {
        var crumbs: [Crumb] = []
        var prefix = ""
        let parts = path.isEmpty ? [] : path.split(separator: "/").map(String.init)
        for (i, part) in parts.enumerated() {
            prefix = prefix.isEmpty ? part : prefix + "/" + part
            crumbs.append(Crumb(name: .verbatim(part), url: (i < parts.count - 1 || linkLast) ? SiteURL.folder(prefix) : nil))
        }
        return crumbs
    }
}
