import Foundation
import Hummingbird

/// A line saying what an action did ("Tagged 212 photos “Lisbon”."), with an Undo button when
/// it can be undone, carried across its 303 in a short-lived cookie (`FlashCookie`) and shown
/// once by the page the browser lands on. Only pages take it: a
/// thumbnail or a stylesheet fetched alongside leaves it alone.
struct FlashMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    static let cookieName = "photolala_flash"
    let cookiePath: String
    let secureCookies: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The path first: thumbnails, most requests, never read the cookies here.
        guard request.method == .get, !Self.isAsset(request.uri.path), let raw = request.cookie(Self.cookieName) else {
            return try await next(request, context)
        }
        var context = context
        context.flash = FlashCookie.parse(raw)
        var response = try await next(request, context)
        if !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Self.cookieName + "=") }) {
            response.setCookie(cookie("", maxAge: 0, context: context))
        }
        return response
    }

    /// Adds the flash for the page `response` redirects to, with the token that undoes the action
    /// when it can be undone.
    /// Says `text` in the visitor's language now: the page it returns to is in the same one.
    func set(_ text: Phrase, undoToken: String? = nil, on response: inout Response, context: Context) {
        response.setCookie(cookie(FlashCookie(text: context.language.say(text), undoToken: undoToken).value, maxAge: 60, context: context))
    }

    private func cookie(_ value: String, maxAge: Int, context: Context) -> Cookie {
        Cookie(name: Self.cookieName, value: value, maxAge: maxAge, path: cookiePath, secure: secureCookies || context.isHTTPS,
               httpOnly: true, sameSite: .lax)
    }

    /// Requests that are not pages (the base path is already off the path here).
    static func isAsset(_ path: String) -> Bool {
        [SiteURL.thumbnailPrefix, SiteURL.staticPrefix, SiteURL.originalPrefix, SiteURL.sharePrefix].contains { path.hasPrefix($0) }
            || path == SiteURL.health.path
    }
}
