import Foundation
import Hummingbird

/// A line saying what an action did ("Tagged 212 photos “Lisbon”."), carried across its 303 in a
/// short-lived cookie and shown once by the page the browser lands on. Only pages take it: a
/// thumbnail or a stylesheet fetched alongside leaves it alone.
struct FlashMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    static let cookieName = "photolala_flash"
    let cookiePath: String
    let secureCookies: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get, let raw = request.cookie(Self.cookieName), !Self.isAsset(request.uri.path) else {
            return try await next(request, context)
        }
        var context = context
        context.flash = Self.decode(raw)
        var response = try await next(request, context)
        if !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Self.cookieName + "=") }) {
            response.setCookie(cookie("", maxAge: 0, context: context))
        }
        return response
    }

    /// Adds the flash for the page `response` redirects to.
    func set(_ text: String, on response: inout Response, context: Context) {
        response.setCookie(cookie(Self.encode(text), maxAge: 60, context: context))
    }

    private func cookie(_ value: String, maxAge: Int, context: Context) -> Cookie {
        Cookie(name: Self.cookieName, value: value, maxAge: maxAge, path: cookiePath, secure: secureCookies || context.isHTTPS,
               httpOnly: true, sameSite: .lax)
    }

    /// Requests that are not pages (the base path is already off the path here).
    static func isAsset(_ path: String) -> Bool {
        ["/thumbs/", "/static/", "/originals/", "/share/"].contains { path.hasPrefix($0) } || path == SiteURL.health.path
    }

    /// Percent-encoded UTF-8: only ASCII letters and digits stay as they are, so the value is a valid cookie value.
    static func encode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String(text.prefix(300)).addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// The text back, or nil for a value this server did not write.
    static func decode(_ value: String) -> String? {
        guard !value.isEmpty, value.count <= 3_000, let text = value.removingPercentEncoding, !text.isEmpty else { return nil }
        return String(text.prefix(300))
    }
}
