import Catalog
import Foundation
import Hummingbird

/// Sign in, sign out, and one's own account page.
struct AuthController: Sendable {
    let store: any AccountStore & SessionStore
    let gate: PasswordGate
    let sessions: SessionSettings
    let signIn: SignInPage
    let pages: PageKit

    func register(with routes: Routes) {
        routes.open.get(.login, use: loginPage)
        routes.open.post(.login, use: login)
        routes.open.form(.logout, use: logout)
        routes.viewer.get(.account, use: accountPage)
        routes.viewer.form(.action(.password), use: changePassword)
    }

    @Sendable func loginPage(_ request: Request, context: GalleryContext) async throws -> Response {
        let next = request.uri.queryParameters["next"].map(String.init)
        if context.visitor.account != nil { return .redirect(to: next.flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path, type: .normal) }
        return try await signIn.response(next: next, context: context)
    }

    @Sendable func login(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        let next = form["next"].flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path
        guard !name.isEmpty, !password.isEmpty else {
            return try await signIn.response(next: next, status: .badRequest, context: context, error: "Enter your name and password.", name: name)
        }
        // Checked and counted as a failure in one step, so parallel guesses cannot all pass the check.
        var found: (account: Account, passwordHash: String)?
        let matches = try await gate.admits(password, name: name, address: context.remoteAddress, tooMany: "Too many failed sign-ins.") {
            found = try await store.account(named: name)
            return found?.passwordHash
        }
        guard matches, let account = found?.account else {
            return try await signIn.response(next: next, status: .unauthorized, context: context,
                                   error: "That name and password don’t match an account.", name: name)
        }
        // A fresh session id at every sign-in: a token planted before sign-in is worth nothing,
        // and this browser's previous session ends, so its old token stops working.
        if let old = context.visitor.sessionHash { try await store.deleteSession(tokenHash: old) }
        let token = SecretToken.make()
        let now = Int64(Date().timeIntervalSince1970)
        try await store.createSession(tokenHash: SecretToken.hash(token), accountId: account.id, expiresAt: now + sessions.lifetime, now: now)
        try? await store.purgeExpiredSessions(now: now)
        var response = Response.redirect(to: next, type: .normal)
        response.setCookie(sessions.cookie(value: token, maxAge: Int(sessions.lifetime), context: context))
        response.setCookie(CSRFMiddleware.cookie(CSRFMiddleware.newToken(), secure: sessions.secureCookies || context.isHTTPS,
                                                 path: sessions.cookiePath))
        return response
    }

    @Sendable func logout(_ request: Request, context: GalleryContext) async throws -> Response {
        _ = try await FormBody(request, context: context)
        if let hash = context.visitor.sessionHash { try await store.deleteSession(tokenHash: hash) }
        var response = Response.redirect(to: SiteURL.login)
        response.setCookie(sessions.cookie(value: "", maxAge: 0, context: context))
        return response
    }

    @Sendable func accountPage(_ request: Request, context: GalleryContext) async throws -> Response {
        try page(context, notice: request.uri.queryParameters["done"] == "password" ? "Your password was changed." : nil)
    }

    @Sendable func changePassword(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account, let hash = try await store.account(named: account.name)?.passwordHash else {
            throw HTTPError(.forbidden, message: "Guests have no password to change.")
        }
        // Throttled as a sign-in is, under a name of its own: an address that signed in to the
        // account is trusted for its sign-ins, and a session left open on a shared computer must
        // be no way to guess the password either.
        guard try await gate.admits(form["current"] ?? "", name: "password:\(account.id)", address: context.remoteAddress,
                                    tooMany: "Too many wrong passwords.", hash: { hash }) else {
            return try page(context, error: "Your current password was not right.", status: .badRequest)
        }
        let new = form["new"] ?? ""
        if let problem = Passwords.check(new) { return try page(context, error: problem, status: .badRequest) }
        guard new == form["confirm"] else { return try page(context, error: "The two new passwords differ.", status: .badRequest) }
        try await store.setPassword(accountId: account.id, passwordHash: try await gate.passwords.hash(new), keepSession: context.visitor.sessionHash)
        return .redirect(to: SiteURL.account.appending([("done", "password")]))
    }

    private func page(_ context: GalleryContext, notice: String? = nil, error: String? = nil,
                      status: HTTPResponse.Status = .ok) throws -> Response {
        guard let account = context.visitor.account else {
            throw HTTPError(.forbidden, message: "You are browsing as a guest: there is no account to show.")
        }
        let model = AccountView(chrome: pages.chrome(title: "My account", crumbs: [Crumb(name: "My account", url: nil)], for: context),
                                name: account.name, role: account.role.rawValue, csrf: context.csrfToken, notice: notice, error: error)
        return try pages.response(model, status: status)
    }
}

/// One's own account: name, role, and the change-password form.
struct AccountView: PageModel {
    static let template = "account"
    var chrome: PageChrome
    var name, role, csrf: String
    var notice, error: String?
    let action = SiteURL.Action.password.url
}
