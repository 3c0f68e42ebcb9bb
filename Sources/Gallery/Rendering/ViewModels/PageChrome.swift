/// What every page's layout shows: title, breadcrumbs, the scan banner, and the menu.
struct PageChrome: Encodable {
    var title: Phrase
    var crumbs: [Crumb] = []
    var banner: ScanBanner?
    /// Set when the library is the generated demo: says so, and how to serve one's own photos.
    var demo: DemoNote?
    /// What the last action did, shown once.
    var flash: FlashNote?
    /// Seconds after which the page reloads itself (the scan page while a scan runs; no JS needed).
    var refreshSeconds: Int?
    /// The header's links; nil on share-link pages, which link nowhere else.
    var nav: NavBar?
    let stylesheet = SiteURL.stylesheet
    let favicon = SiteURL.favicon
    var homeURL: SiteURL? = SiteURL.home
}

/// The header links, by what the visitor may do.
struct NavBar: Encodable {
    /// The menu's label: the account name, "Guest", or "Menu".
    var menuLabel: Phrase
    var searchURL, scanURL, uploadURL, sharedURL, usersURL, accountURL, loginURL: SiteURL?
    var logout: LogoutForm?
}

/// The sign-out button (a POST, so a link elsewhere cannot sign anyone out).
struct LogoutForm: Encodable {
    var csrf: String
    let action = SiteURL.logout
}

/// One breadcrumb; the last one has no link.
struct Crumb: Encodable {
    var name: Phrase
    var url: SiteURL?
}

/// The compact line shown on every page while a scan runs or after it failed.
struct ScanBanner: Encodable {
    var text: Phrase
    var failed: Bool
    let url = SiteURL.scan
}

/// The note on every page of the demo library.
struct DemoNote: Encodable, Sendable {
    /// The command that serves a folder of one's own.
    var command = "scripts/run.sh ~/Pictures"
}

/// The line saying what the last action did.
struct FlashNote: Encodable, Sendable {
    /// Already in the visitor's language: said when the action set it (`FlashMiddleware.set`).
    var text: String
    /// The Undo button, while the action can be undone.
    var undo: UndoButton?
}

/// Puts back what the last many-photo action changed (`POST /actions/undo`).
struct UndoButton: Encodable, Sendable {
    var csrf: String
    var token: String
    let action = SiteURL.Action.undo.url
}
