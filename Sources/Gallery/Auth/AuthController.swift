import Catalog
import Foundation
import Hummingbird
import Logging

/// Sign in, sign out, and one's own account page.
struct AuthController: Sendable {
    let store: any AccountStore & SessionStore & DeviceStore & TokenStore & IdentityStore
    let gate: PasswordGate
    let sessions: SessionSettings
    let signIn: SignInPage
    let pages: PageKit
    /// Where links to this gallery start (`GalleryConfig.linkBase`), for the WebDAV address.
    let linkBase: String
    /// Makes API tokens (the rule `photolala tokens add` follows too).
    let tokens: APITokens
    /// The albums a frame token may show, as the member sees them.
    let reads: CatalogReads
    /// Sign-in through an OpenID provider; nil when none is set up.
    let oidc: OIDCProvider?
    let logger: Logger

    func register(with routes: Routes) {
        routes.open.get(.login, use: loginPage)
        routes.open.post(.login, use: login)
        routes.open.form(.logout, use: logout)
        routes.viewer.get(.account, use: accountPage)
        routes.viewer.form(.action(.password), use: changePassword)
        routes.viewer.form(.action(.language), use: changeLanguage)
        routes.viewer.form(.action(.addDevice), use: addDevice)
        routes.viewer.form(.action(.revokeDevice), use: revokeDevice)
        routes.viewer.form(.action(.addToken), use: addToken)
        routes.viewer.form(.action(.revokeToken), use: revokeToken)
        if oidc != nil {
            routes.open.get(.oidcStart, use: startProviderSignIn)
            routes.open.get(.oidcCallback, use: finishProviderSignIn)
        }
    }

    @Sendable func loginPage(_ request: Request, context: GalleryContext) async throws -> Response {
        let next = request.uri.queryParameters["next"].map(String.init)
        if context.visitor.account != nil { return .redirect(to: next.flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path, type: .normal) }
        // (`?password` shows the form where visitors are otherwise sent to the provider; after
        // signing out, the page is shown rather than signing straight back in)
        let stay = request.uri.queryParameters["password"] != nil || request.uri.queryParameters["signed-out"] != nil
        return try await signIn.response(next: next, context: context, autoRedirect: !stay)
    }

    @Sendable func login(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        if let oidc, !oidc.settings.passwordSignIn {
            return try await signIn.response(next: form["next"], status: .forbidden, context: context, autoRedirect: false,
                                             error: Phrase("Passwords do not sign anyone in here: sign in with \(oidc.settings.name)."))
        }
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        let next = form["next"].flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path
        guard !name.isEmpty, !password.isEmpty else {
            return try await signIn.response(next: next, status: .badRequest, context: context, error: Phrase("Enter your name and password."), name: name)
        }
        // Checked and counted as a failure in one step, so parallel guesses cannot all pass the check.
        var found: (account: Account, passwordHash: String)?
        let matches = try await gate.admits(password, name: name, address: context.remoteAddress, tooMany: Phrase("Too many failed sign-ins.")) {
            found = try await store.account(named: name)
            return found?.passwordHash
        }
        guard matches, let account = found?.account else {
            return try await signIn.response(next: next, status: .unauthorized, context: context,
                                   error: Phrase("That name and password don’t match an account."), name: name)
        }
        return try await signedIn(account, next: next, context: context)
    }

    /// Starts a session for `account` and sends the browser to `next`: what every way of signing
    /// in ends with (the password form, the OpenID provider's way back). `providerHint`: the
    /// provider's ID token, for its end-session address at sign-out; a password sign-in has none,
    /// and clears one an earlier sign-in left.
    func signedIn(_ account: Account, next: String, context: GalleryContext, providerHint: String? = nil) async throws -> Response {
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
        if oidc != nil {
            response.setCookie(signInCookie(Self.providerHintCookie, providerHint ?? "", maxAge: providerHint == nil ? 0 : Int(sessions.lifetime), context))
        }
        return response
    }

    @Sendable func logout(_ request: Request, context: GalleryContext) async throws -> Response {
        _ = try await FormBody(request, context: context)
        if let hash = context.visitor.sessionHash { try await store.deleteSession(tokenHash: hash) }
        var response = Response.redirect(to: SiteURL.login.appending([("signed-out", "1")]))
        // Signed in through the provider: its session ends too, where it has an end-session address.
        if let oidc, let hint = request.cookie(Self.providerHintCookie), let end = await oidc.endSessionURL(idToken: hint.isEmpty ? nil : hint) {
            response = Response(status: .seeOther, headers: [.location: end])
            response.setCookie(signInCookie(Self.providerHintCookie, "", maxAge: 0, context))
        }
        response.setCookie(sessions.cookie(value: "", maxAge: 0, context: context))
        return response
    }

    @Sendable func accountPage(_ request: Request, context: GalleryContext) async throws -> Response {
        let notices = ["password": Phrase("Your password was changed."), "language": Phrase("Pages are now in the language you chose."),
                       "revoked": Phrase("The device password was revoked: the device is refused from its next request on."),
                       "token-revoked": Phrase("The API token was revoked: it is refused from its next request on.")]
        return try await page(context, notice: request.uri.queryParameters["done"].flatMap { notices[String($0)] })
    }

    /// Keeps the language this person chose for their pages; an empty choice follows the browser.
    @Sendable func changeLanguage(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("You are browsing as a guest: there is no account to show."))
        }
        let chosen = form["language"] ?? ""
        guard chosen.isEmpty || pages.languages.language(chosen)?.tag == chosen else {
            throw PageError(.badRequest, message: Phrase("There is no language “\(String(chosen.prefix(20)))” here."))
        }
        try await store.setLanguage(accountId: account.id, chosen.isEmpty ? nil : chosen)
        return .redirect(to: SiteURL.account.appending([("done", "language")]))
    }

    @Sendable func changePassword(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account, let hash = try await store.account(named: account.name)?.passwordHash else {
            throw PageError(.forbidden, message: Phrase("Guests have no password to change."))
        }
        // Throttled as a sign-in is, under a name of its own: an address that signed in to the
        // account is trusted for its sign-ins, and a session left open on a shared computer must
        // be no way to guess the password either.
        guard try await gate.admits(form["current"] ?? "", name: "password:\(account.id)", address: context.remoteAddress,
                                    tooMany: Phrase("Too many wrong passwords."), hash: { hash }) else {
            return try await page(context, error: Phrase("Your current password was not right."), status: .badRequest)
        }
        let new = form["new"] ?? ""
        if let problem = Passwords.problem(new) { return try await page(context, error: problem, status: .badRequest) }
        guard new == form["confirm"] else { return try await page(context, error: Phrase("The two new passwords differ."), status: .badRequest) }
        try await store.setPassword(accountId: account.id, passwordHash: try await gate.passwords.hash(new), keepSession: context.visitor.sessionHash)
        return .redirect(to: SiteURL.account.appending([("done", "password")]))
    }

    func page(_ context: GalleryContext, notice: Phrase? = nil, error: Phrase? = nil, made: DevicesSection.Made? = nil,
              madeToken: TokensSection.Made? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("You are browsing as a guest: there is no account to show."))
        }
        let model = AccountView(chrome: pages.chrome(title: Phrase("My account"), crumbs: [Crumb(name: Phrase("My account"), url: nil)], for: context),
                                name: account.name, role: .role(account.role), csrf: context.csrfToken, notice: notice, error: error,
                                languages: [.init(value: "", label: Phrase("The browser’s language"), selected: account.language == nil)]
                                    + pages.languages.all.map { .init(value: $0.tag, label: .verbatim($0.name), selected: $0.tag == account.language) },
                                hasPassword: Passwords.isUsable(hash: try await store.account(named: account.name)?.passwordHash),
                                signsInWith: oidc?.settings.name,
                                devices: try await devicesSection(account, made: made, context: context),
                                tokens: try await tokensSection(account, made: madeToken, context: context))
        return try pages.response(model, status: status, for: context)
    }
}

/// One's own account: name, role, and the change-password form.
struct AccountView: PageModel {
    static let template = "account"
    var chrome: PageChrome
    var name: String
    var role: Phrase
    var csrf: String
    var notice, error: Phrase?
    /// The languages to read pages in, the one chosen marked.
    var languages: [Choice] = []
    /// Whether the account has a password of its own to change (one made by the provider has none).
    var hasPassword = true
    /// The OpenID provider people sign in with, where there is one.
    var signsInWith: String?
    /// Device passwords for WebDAV.
    var devices: DevicesSection
    /// API tokens for `/api/v1`.
    var tokens: TokensSection
    let action = SiteURL.Action.password.url
    let languageAction = SiteURL.Action.language.url

    /// One option of a choice.
    struct Choice: Encodable {
        var value: String
        var label: Phrase
        var selected: Bool
    }
}
