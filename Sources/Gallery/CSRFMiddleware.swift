import Foundation
import Hummingbird

/// Double-submit CSRF protection: a random token in a `SameSite=Strict` cookie that every POST
/// must repeat in its `csrf` field, plus an `Origin`/`Referer` check when the browser sends one.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    static let cookieName = "photolala_csrf"
    /// Send the cookie only over HTTPS.
    var secureCookies = false

    static func cookie(_ token: String, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: token, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        var existing: String?
        if let cookie = request.cookies[Self.cookieName], Self.isWellFormed(cookie.value) { existing = cookie.value }
        context.csrfToken = existing ?? Self.newToken()
        if request.method == .post {
            try checkOrigin(request)
            // The body's token is checked by FormBody once read, against this cookie.
            guard existing != nil else {
                throw HTTPError(.forbidden, message: "This form has expired (no session cookie). Reload the page and try again.")
            }
        }
        var response = try await next(request, context)
        if existing == nil && !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Self.cookieName + "=") }) {
            response.setCookie(Self.cookie(context.csrfToken, secure: secureCookies || context.isHTTPS))
        }
        return response
    }

    private func checkOrigin(_ request: Request) throws {
        guard let host = request.head.authority else { return }
        let claimed = request.headers[.origin] ?? request.headers[.referer]
        guard let claimed, claimed != "null" else { return }
        guard let url = URL(string: claimed), let claimedHost = url.host else {
            throw HTTPError(.forbidden, message: "This form was sent from another site, so it was refused.")
        }
        let claimedAuthority = url.port.map { "\(claimedHost):\($0)" } ?? claimedHost
        guard claimedAuthority == host || claimedHost == host else {
            throw HTTPError(.forbidden, message: "This form was sent from another site, so it was refused.")
        }
    }

    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
