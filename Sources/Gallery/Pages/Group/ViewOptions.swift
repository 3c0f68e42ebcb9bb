import Catalog
import Foundation
import Hummingbird

/// How a group's photos are laid out: grid tiles of three sizes, or a list (name, date, size,
/// stars) for finding what to free space from. Chosen with links, kept with the account of
/// whoever is signed in (so it follows them to every device), and in a cookie for guests.
enum ViewMode: String, CaseIterable, Sendable {
    case small, medium, large, list

    static let cookieName = "photolala_view"

    /// The mode the signed-in person chose, else the one the browser's cookie asks for; medium
    /// tiles when none or nonsense.
    static func of(_ request: Request, account: Account?) -> ViewMode {
        account?.viewLayout.flatMap(ViewMode.init(rawValue:)) ?? request.cookie(cookieName).flatMap(ViewMode.init(rawValue:)) ?? .medium
    }

    /// How high a justified row of this layout is before it stretches to fill its line, in CSS
    /// pixels, on a phone and on a screen 700 px wide or more. The stylesheet's `.photos.rows`
    /// rules say the same (`--h`).
    var rowHeight: (phone: Int, wide: Int) {
        switch self {
        case .small: (80, 120)
        case .medium, .list: (120, 180)
        case .large: (180, 260)
        }
    }

    /// How wide a tile of this shape is drawn, as an `<img sizes>` value, so a browser picks the
    /// 1x or the 2x row rendition (240 or 480 px high) for it: the tile's width at the row's height,
    /// never more. A phone's medium row is 120 px high, so at 3 device pixels a CSS pixel it is
    /// declared a third of its 1x rendition's width (`oneX`, whole pixels down, so three times it
    /// never passes the rendition) and gets that rendition, a third of the 2x's bytes, which such a
    /// screen cannot tell apart at that size; so a phone's first screen weighs the same at any
    /// density.
    func rowSizes(_ shape: TileShape, oneX: Int) -> String {
        let (phone, wide) = rowHeight
        let dense = self == .medium || self == .list ? "(min-resolution: 2.5dppx) \(max(1, oneX / 3))px, " : ""
        return "(min-width: 700px) \(shape.width(high: wide))px, \(dense)\(shape.width(high: phone))px"
    }

    var label: Phrase {
        switch self {
        case .small: Phrase("Small")
        case .medium: Phrase("Medium")
        case .large: Phrase("Large")
        case .list: Phrase("List")
        }
    }
}

/// What `/` opens with for a signed-in person: the stream of photos by day (the default), or the
/// folders. Kept in a cookie, chosen with the form at the foot of either page.
enum StartPage: String, Sendable {
    case photos, folders

    static let cookieName = "photolala_start"

    static func of(_ request: Request) -> StartPage {
        request.cookie(cookieName).flatMap(StartPage.init(rawValue:)) ?? .photos
    }
}

/// "Open the gallery with: Photos · Folders", at the foot of both (for a signed-in person), a
/// POST as the layout's.
struct StartForm: Encodable {
    let action = SiteURL.view
    var csrf: String

    /// The form for this request's visitor: none for someone not signed in, who has no choice kept.
    static func offered(to context: GalleryContext) -> StartForm? {
        context.visitor.account == nil ? nil : StartForm(csrf: context.csrfToken)
    }
}

/// The layout buttons above a grid: one form (a POST, since it changes what is stored for the
/// account), its way back, and a choice a mode.
struct ViewForm: Encodable {
    var action = SiteURL.view
    var csrf: String
    /// The page to come back to, without the base path (the redirect puts it back).
    var back: String
    var choices: [ViewChoice]
}

/// One layout of the form; the current one is shown, not offered.
struct ViewChoice: Encodable {
    var label: Phrase
    var mode: String
    var current: Bool
}

/// The list view of a page of photos.
struct ListView: Encodable {
    var rows: [ListRow]
    /// On an album's page: who put each photo in it.
    var showsAdder = false
}

struct ListRow: Encodable {
    var url: SiteURL
    var name: String
    var image: ThumbImage
    var dateText, sizeText: Phrase
    var starsText: String
    /// Who put it in the album (an album's list only; "–" when no one known).
    var adderText = Phrase.verbatim("–")
}

/// `POST /view` with `set=MODE&back=PATH`: remembers the layout for this person (and this browser)
/// and goes back. A POST with the form token: a GET (a crawler, a link prefetcher) changes nothing.
struct ViewOptionsController: Sendable {
    let store: any AccountStore
    let cookiePath: String
    let secureCookies: Bool

    func register(with routes: Routes) {
        routes.viewer.form(.view, use: set)
    }

    @Sendable func set(_ request: Request, context: GalleryContext) async throws -> Response {
        let params = try await FormBody(request, context: context)
        if let raw = params["start"] {
            guard let start = StartPage(rawValue: raw) else { throw PageError(.badRequest, message: Phrase("start: choose photos or folders.")) }
            return remembering(StartPage.cookieName, start.rawValue, back: SiteURL.home.path, context)
        }
        guard let raw = params["set"], let mode = ViewMode(rawValue: raw) else {
            throw PageError(.badRequest, message: Phrase("set: choose small, medium, large or list."))
        }
        let back = params["back"].flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path
        if let account = context.visitor.account { try await store.setViewLayout(accountId: account.id, mode.rawValue) }
        return remembering(ViewMode.cookieName, mode.rawValue, back: back, context)
    }

    /// The 303 back to `back`, with the choice kept in this browser's cookie for a year.
    private func remembering(_ cookie: String, _ value: String, back: String, _ context: GalleryContext) -> Response {
        var response = Response.redirect(to: back, type: .normal)
        response.setCookie(Cookie(name: cookie, value: value, maxAge: 365 * 86_400, path: cookiePath,
                                  secure: secureCookies || context.isHTTPS, httpOnly: true, sameSite: .lax))
        return response
    }
}
