/// What every page's layout shows: title, breadcrumbs, the scan banner, and the menu.
struct PageChrome: Encodable {
    var title: Phrase
    var crumbs: [Crumb] = []
    var banner: ScanBanner?
    /// In a page rendered to be kept, the placeholder for the banner in its stead (`GalleryContext.bannerSlot`).
    var bannerSlot: String?
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
    let script = SiteURL.appScript
    var homeURL: SiteURL? = SiteURL.home
}

/// The header links, by what the visitor may do.
struct NavBar: Encodable {
    /// The menu's label: the account name, "Guest", or "Menu".
    var menuLabel: Phrase
    var scanURL, uploadURL, sharedURL, usersURL, accountURL, loginURL: SiteURL?
    var logout: LogoutForm?
    /// Photos, Albums, Places, Favorites and Search, one tap away at every width (a bar at the
    /// foot of a phone's screen); empty for a visitor who may not browse.
    var tabs: [NavTab] = []
}

/// The parts of the gallery its tabs lead to; a page names the one it belongs to.
enum NavSection: String, CaseIterable, Sendable {
    case photos, albums, places, favorites, search

    var url: SiteURL {
        switch self {
        case .photos: SiteURL.timeline
        case .albums: SiteURL.albums
        case .places: SiteURL.places()
        case .favorites: SiteURL.favorites
        case .search: SiteURL.search
        }
    }

    var label: Phrase {
        switch self {
        case .photos: Phrase(context: "tab", "Photos")
        case .albums: Phrase(context: "tab", "Albums")
        case .places: Phrase(context: "tab", "Places")
        case .favorites: Phrase(context: "tab", "Favorites")
        case .search: Phrase(context: "tab", "Search")
        }
    }

    /// The tab's icon: an SVG path on a 24-unit square, drawn with the text's colour.
    var icon: String {
        switch self {
        case .photos: "M4 5h16v14H4zM4 15l4.5-4.5 4 4 2.5-2.5L20 17M15.5 9.5h.01"
        case .albums: "M7 4h13v13H7zM4 7v13h13"
        case .places: "M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11zM12 7.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 1 0 0-5z"
        case .favorites: "M12 20s-7.5-4.6-9-9.4A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 9 3.6C19.5 15.4 12 20 12 20z"
        case .search: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 1 0 0-13zM15.3 15.3 20 20"
        }
    }
}

/// One of the header's tabs.
struct NavTab: Encodable {
    var label: Phrase
    var url: SiteURL
    var icon: String
    /// The tab of the page shown (`aria-current`).
    var current: Bool
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
