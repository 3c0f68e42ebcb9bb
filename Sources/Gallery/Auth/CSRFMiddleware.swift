import Crypto
import Foundation
import Hummingbird
import Imaging

/// CSRF protection on every POST: it must be a form (`application/x-www-form-urlencoded`, or
/// `multipart/form-data` for uploads; anything else is 415), name where it came from (`Origin`,
/// or `Referer` when a browser sends no `Origin`) as exactly this site (scheme, host and port)
/// or a `--public-url`, and repeat the form token. Signed in, the token is derived from the
/// session (`SessionMiddleware` sets it), so a token lifted from one session fails in another;
/// before sign-in it is a random value in a `SameSite=Strict` cookie (double submit).
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    static let cookieName = "photolala_csrf"
    /// Send the cookie only over HTTPS.
    var secureCookies = false
    /// The cookie's `Path`: the base path the gallery is served under.
    var cookiePath = "/"
    /// Origins of the configured public URLs, accepted whatever the request's scheme looks like.
    var publicOrigins: [WebOrigin] = []

    /// The random token cookie used before sign-in.
    static func cookie(_ token: String, secure: Bool, path: String) -> Cookie {
        Cookie(name: cookieName, value: token, path: path, secure: secure, httpOnly: true, sameSite: .strict)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Thumbnails, static files and the health check carry no form: no token is made for them
        // and no cookie set, which is most requests a page brings.
        if request.method == .get, SiteURL.isQuiet(request.uri.path) { return try await next(request, context) }
        var context = context
        var existing: String?
        if let cookie = request.cookie(Self.cookieName), Self.isWellFormed(cookie) { existing = cookie }
        context.csrfToken = existing ?? Self.newToken()
        if request.method == .post {
            guard Self.isForm(request) else {
                throw PageError(.unsupportedMediaType, message: Phrase("This address takes only a form sent from one of the gallery’s pages."))
            }
            try checkOrigin(request, https: secureCookies || context.isHTTPS)
            // The body's token is checked by FormBody once read, against the context's token.
            guard existing != nil else {
                throw PageError(.forbidden, message: Phrase("This form has expired (no session cookie). Reload the page and try again."))
            }
        }
        var response = try await next(request, context)
        if existing == nil && !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Self.cookieName + "=") }) {
            response.setCookie(Self.cookie(context.csrfToken, secure: secureCookies || context.isHTTPS, path: cookiePath))
        }
        return response
    }

    /// Whether a POST's body is one of the two kinds of form a page sends.
    static func isForm(_ request: Request) -> Bool {
        let type = (request.headers[.contentType] ?? "").split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return type == "application/x-www-form-urlencoded" || type == "multipart/form-data"
    }

    private func checkOrigin(_ request: Request, https: Bool) throws {
        let claimed = [request.headers[.origin], request.headers[.referer]].compactMap { $0 }.first { !$0.isEmpty }
        guard let claimed else {
            throw PageError(.forbidden, message: Phrase("This form did not say which site it came from, so it was refused. Reload the page and try again."))
        }
        guard Self.sameOrigin(claimed, host: request.head.authority, https: https)
                || WebOrigin(claimed).map(publicOrigins.contains) == true else {
            throw PageError(.forbidden, message: Phrase("This form was sent from another site, so it was refused."))
        }
    }

    /// Whether `claimed` (an `Origin` or `Referer`) is this request's own origin: same scheme,
    /// host and port. A missing host and the opaque origin `null` never match.
    static func sameOrigin(_ claimed: String, host: String?, https: Bool) -> Bool {
        guard let host, let theirs = WebOrigin(claimed), let ours = WebOrigin(scheme: https ? "https" : "http", authority: host) else {
            return false
        }
        return theirs == ours
    }

    /// A fresh random token for the cookie.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    /// The form token of a signed-in session: an HMAC keyed by the session's own secret token,
    /// so it cannot be made without the session cookie and means nothing in another session.
    static func token(forSession sessionToken: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("photolala-csrf".utf8), using: SymmetricKey(data: Data(sessionToken.utf8)))
        return Hex.lowercase(mac)
    }

    /// Whether a token has the shape `newToken()` and `token(forSession:)` make.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
