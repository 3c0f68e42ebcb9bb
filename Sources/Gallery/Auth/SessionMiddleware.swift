import Catalog
import Foundation
import Hummingbird

/// Finds who is asking from the session cookie (or lets them in as a guest when configured),
/// and keeps a used session alive by sliding its expiry forward at most once an hour.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    static let cookieName = "photolala_session"
    let store: any SessionStore
    let sessions: SessionSettings
    /// The languages a visitor's pages may be written in.
    var languages = Languages.englishOnly
    /// The zone server times are written in for a visitor whose browser named none (`GalleryConfig.timeZone`).
    var serverZone = TimeZone(secondsFromGMT: 0)!

    /// What a request's session cookie says of its sender.
    enum Lookup {
        /// No session cookie.
        case none
        /// A live session; `renew` when its expiry is due to slide forward.
        case signedIn(Visitor, token: String, renew: Bool)
        /// A cookie that names no live session: it is cleared.
        case stale
    }

    /// Reads the session cookie; looks nothing up in the catalog past the session itself.
    func lookup(_ request: Request, now: Int64) async throws -> Lookup {
        guard let token = request.cookie(Self.cookieName) else { return .none }
        guard SecretToken.isWellFormed(token) else { return .stale }
        let hash = SecretToken.hash(token)
        guard let found = try await store.session(tokenHash: hash, now: now, madeAfter: now - sessions.absoluteLifetime) else { return .stale }
        return .signedIn(Visitor(account: found.account, role: found.account.role, sessionHash: hash,
                                 adminsSeePrivate: sessions.adminsSeePrivate), token: token,
                         renew: now - found.lastSeenAt > 3600)
    }

    /// Who is asking, when finding out changes no cookie and no session: nil for a stale cookie
    /// or a session due to be renewed, which only `handle` deals with.
    func quietVisitor(_ request: Request) async throws -> Visitor? {
        switch try await lookup(request, now: Int64(Date().timeIntervalSince1970)) {
        case .none: sessions.guest
        case .signedIn(let visitor, _, let renew): renew ? nil : visitor
        case .stale: nil
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        var staleCookie = false
        var renewed: String?
        let now = Int64(Date().timeIntervalSince1970)
        switch try await lookup(request, now: now) {
        case .none:
            break
        case .stale:
            staleCookie = true
        case .signedIn(let visitor, let token, let renew):
            context.visitor = visitor
            // Forms of a signed-in page carry a token only this session can make (a thumbnail,
            // a static file or the health check has no form, so none is made for them).
            if !(request.method == .get && SiteURL.isQuiet(request.uri.path)) {
                context.csrfToken = CSRFMiddleware.token(forSession: token)
            }
            if renew, let hash = visitor.sessionHash {
                try await store.touchSession(tokenHash: hash, expiresAt: now + sessions.lifetime, now: now)
                renewed = token
            }
        }
        if context.visitor.account == nil { context.visitor = sessions.guest }
        context.language = languages.choose(account: context.visitor.account?.language, acceptLanguage: request.headers[.acceptLanguage])
        context.timeZone = TimeZoneCookie.zone(request.cookie(TimeZoneCookie.name)) ?? serverZone
        var response = try await next(request, context)
        // Most answers change no session: their cookies are not looked at.
        guard staleCookie || renewed != nil else { return response }
        let setsOwnCookie = response.headers[values: .setCookie].contains { $0.hasPrefix(Self.cookieName + "=") }
        if staleCookie && !setsOwnCookie {
            response.setCookie(sessions.cookie(value: "", maxAge: 0, context: context))
        } else if let renewed, !setsOwnCookie {
            // The browser's copy slides forward with the server's, so an account in use stays signed in.
            response.setCookie(sessions.cookie(value: renewed, maxAge: Int(sessions.lifetime), context: context))
        }
        return response
    }
}

/// How sessions are kept: lifetime, cookie flags, and what a visitor without one may do.
struct SessionSettings: Sendable {
    /// Seconds a session lasts without use.
    var lifetime: Int64 = 7 * 24 * 3600
    /// Seconds a session lasts however much it is used: a stolen cookie does not work for ever.
    var absoluteLifetime: Int64 = 30 * 24 * 3600
    /// Send cookies only over HTTPS.
    var secureCookies = false
    /// The prefix the gallery is served under: every cookie's `Path` starts with it.
    var basePath = BasePath.none
    /// The cookies' `Path`: the base path the gallery is served under, `/` when none.
    var cookiePath: String { basePath.isEmpty ? "/" : basePath.prefix }
    /// What someone who is not signed in may do; nil lets them see only the sign-in page and share links.
    var guestRole: Role?
    /// Admins see the household's private photos (`--admins-see-private`).
    var adminsSeePrivate = false

    /// The `Path` of a cookie meant for one part of the site only (a share link's unlock cookie),
    /// as the browser sees that part's address: with the base path in front.
    func cookiePath(for part: SiteURL) -> String { basePath.apply(to: part.path) }

    /// Who someone who is not signed in is.
    var guest: Visitor { Visitor(account: nil, role: guestRole, sessionHash: nil) }

    /// The session cookie; `Secure` when configured or when a trusted proxy says the client used HTTPS.
    func cookie(value: String, maxAge: Int?, context: GalleryContext) -> Cookie {
        Cookie(name: SessionMiddleware.cookieName, value: value, maxAge: maxAge, path: cookiePath, secure: secureCookies || context.isHTTPS,
               httpOnly: true, sameSite: .lax)
    }
}
