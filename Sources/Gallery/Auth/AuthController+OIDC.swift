import Catalog
import Crypto
import Foundation
import Hummingbird

/// Sign-in through an OpenID provider: the authorization code flow with PKCE, `state` and
/// `nonce`. The way there keeps the sign-in's state in the catalog (one use, ten minutes, any
/// instance) and its `state` in a cookie of this browser; the way back takes the state (a
/// replayed `state` finds nothing), checks the cookie, exchanges the code, verifies the ID token
/// (`OIDCProvider`), and finds the account: linked before, linked now by the claim the admin
/// chose, or made, with its role from the groups claim where groups are named.
extension AuthController {
    static let stateCookie = "photolala_oidc_state"
    /// The provider's ID token, kept for its end-session address at sign-out.
    static let providerHintCookie = "photolala_oidc_hint"
    /// How long a sign-in may take at the provider.
    static let signInWindow: Int64 = 600

    @Sendable func startProviderSignIn(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let oidc else { throw PageError(.notFound) }
        let next = request.uri.queryParameters["next"].map(String.init).flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path
        let (state, nonce, verifier) = (SecretToken.make(), SecretToken.make(), SecretToken.make())
        let challenge = SecretToken.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
        let target: String
        do {
            target = try await oidc.authorizationURL(state: state, nonce: nonce, challenge: challenge)
        } catch let refusal as OIDCRefusal {
            return try await refuse(refusal, next: next, context: context)
        }
        try await store.saveSignInState(SignInState(stateHash: TokenHash.of(state), nonce: nonce, verifier: verifier, next: next,
                                                    createdAt: Int64(Date().timeIntervalSince1970)))
        var response = Response(status: .seeOther, headers: [.location: target, .cacheControl: "no-store"])
        response.setCookie(signInCookie(Self.stateCookie, state, maxAge: Int(Self.signInWindow), context))
        return response
    }

    @Sendable func finishProviderSignIn(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let oidc else { throw PageError(.notFound) }
        let query = request.uri.queryParameters
        let now = Int64(Date().timeIntervalSince1970)
        // The state is taken whatever follows, so no answer can be sent back twice.
        guard let state = query["state"].map(String.init), state.count <= 100,
              let kept = try await store.takeSignInState(hash: TokenHash.of(state), now: now, maxAge: Self.signInWindow) else {
            return try await refuse(OIDCRefusal(status: .badRequest, reason: Phrase("This sign-in is over or was never started here. Please start again."),
                                                detail: "a state that is not kept (replayed, too old, or made up)"), next: nil, context: context)
        }
        guard let cookie = request.cookie(Self.stateCookie), FormBody.constantTimeEqual(cookie, state) else {
            return try await refuse(OIDCRefusal(status: .badRequest, reason: Phrase("This sign-in was started in another browser. Please start again here."),
                                                detail: "the state cookie does not match"), next: kept.next, context: context)
        }
        if let error = query["error"] {
            return try await refuse(OIDCRefusal(status: .forbidden, reason: Phrase("The sign-in provider did not sign you in."),
                                                detail: "the provider answered \(error.prefix(100))"), next: kept.next, context: context)
        }
        guard let code = query["code"].map(String.init), !code.isEmpty, code.count < 4096 else {
            return try await refuse(OIDCRefusal(status: .badRequest, reason: Phrase("The sign-in provider sent nothing back. Please start again."),
                                                detail: "no code"), next: kept.next, context: context)
        }
        do {
            let (identity, idToken) = try await oidc.identity(code: code, verifier: kept.verifier, nonce: kept.nonce)
            let account = try await account(for: identity, settings: oidc.settings)
            // (an ID token too long for a cookie leaves the hint out; the provider then asks)
            var response = try await signedIn(account, next: kept.next, context: context, providerHint: idToken.utf8.count < 3_000 ? idToken : "")
            response.setCookie(signInCookie(Self.stateCookie, "", maxAge: 0, context))
            return response
        } catch let refusal as OIDCRefusal {
            return try await refuse(refusal, next: kept.next, context: context)
        }
    }

    /// The account of the provider's person: the one linked to their subject; else, the first
    /// time, the one the chosen claim names (when no other of the provider's people has it);
    /// else a new one, where accounts are made. Where groups decide roles, the role follows them
    /// at every sign-in, and someone in none of them is refused.
    func account(for identity: OIDCProvider.Identity, settings: OIDCSettings) async throws -> Account {
        let groups = identity.claims[settings.groupsClaim]?.list ?? []
        let fromGroups = settings.role(groups: groups)
        if settings.mapsGroups, fromGroups == nil {
            throw OIDCRefusal(status: .forbidden, reason: Phrase("Your account at \(settings.name) is in none of the groups this gallery lets in. Ask the household’s admin."),
                              detail: "in none of the groups named (\(groups.prefix(10)))")
        }
        let now = Int64(Date().timeIntervalSince1970)
        var account = try await store.account(issuer: settings.issuer, subject: identity.subject)
        if account == nil, let claim = settings.linkClaim {
            account = try await linked(identity, claim: claim, settings: settings, now: now)
        }
        if account == nil, settings.createAccounts {
            account = try await made(identity, role: fromGroups ?? settings.role, settings: settings, now: now)
        }
        guard var found = account else {
            throw OIDCRefusal(status: .forbidden, reason: Phrase("There is no account here for you at \(settings.name) yet. Ask the household’s admin to make one."),
                              detail: "no account for subject \(identity.subject.prefix(100))")
        }
        if let role = fromGroups, role != found.role {
            do {
                try await store.setRole(accountId: found.id, role)
                found.role = role
            } catch AccountError.lastAdmin {
                // The household keeps an admin: the last one stays one, whatever the groups say.
                logger.warning("the provider's groups would take the household's last admin away; \(found.name) stays an admin")
            }
        }
        return found
    }

    /// The existing account `claim` names, linked to the subject now; refused when the claim is
    /// missing, an e-mail is not verified, or the account is another of the provider's people's.
    private func linked(_ identity: OIDCProvider.Identity, claim: String, settings: OIDCSettings, now: Int64) async throws -> Account? {
        guard let value = identity.claims[claim]?.text, !value.isEmpty else { return nil }
        if claim == "email", identity.claims["email_verified"] != .flag(true) { return nil }
        guard let existing = try await store.account(named: value)?.account else { return nil }
        do {
            try await store.linkIdentity(issuer: settings.issuer, subject: identity.subject, accountId: existing.id, now: now)
        } catch IdentityError.accountLinked, IdentityError.subjectLinked {
            throw OIDCRefusal(status: .conflict, reason: Phrase("The account called \(existing.name) here belongs to someone else at \(settings.name), so you were not signed in as it. Ask the household’s admin."),
                              detail: "\(claim) \(value) names an account linked to another subject")
        }
        return existing
    }

    /// A new account for the provider's person, named after their user name (made unique here).
    private func made(_ identity: OIDCProvider.Identity, role: Role, settings: OIDCSettings, now: Int64) async throws -> Account {
        let wanted = identity.claims["preferred_username"]?.text ?? identity.claims["email"]?.text.map { String($0.prefix { $0 != "@" }) } ?? "member"
        let base = String(Self.accountName(from: wanted).prefix(29))
        for attempt in 0..<50 {
            let name = attempt == 0 ? base : "\(base)\(attempt + 1)"
            guard try await store.account(named: name) == nil, !Account.reservedNames.contains(name.lowercased()) else { continue }
            // No password: "!" is no bcrypt hash, so no password ever matches it.
            let account: Account
            do {
                account = try await store.addAccount(name: name, passwordHash: "!", role: role, now: Date(timeIntervalSince1970: TimeInterval(now)))
            } catch AccountError.nameTaken {
                continue  // (taken meanwhile, by a sign-in at the same moment)
            }
            try await store.linkIdentity(issuer: settings.issuer, subject: identity.subject, accountId: account.id, now: now)
            return account
        }
        throw OIDCRefusal(status: .conflict, reason: Phrase("No free account name could be found for you. Ask the household’s admin."),
                          detail: "no free name after \(base)")
    }

    /// An account name from a claim: the letters, digits, dots, dashes and underscores it has.
    static func accountName(from wanted: String) -> String {
        let kept = wanted.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
        let name = String(String.UnicodeScalarView(kept).prefix(32))
        return name.isEmpty || name.hasPrefix(".") ? "member" : name
    }

    /// A cookie of the provider's sign-in (its state, its ID token): this gallery's path, HTTP
    /// only, and sent on the top-level way back from the provider (`SameSite=Lax`).
    func signInCookie(_ name: String, _ value: String, maxAge: Int, _ context: GalleryContext) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: sessions.cookiePath, secure: sessions.secureCookies || context.isHTTPS,
               httpOnly: true, sameSite: .lax)
    }

    /// The sign-in page, saying why the provider's sign-in did not happen; the reason's detail in the log.
    private func refuse(_ refusal: OIDCRefusal, next: String?, context: GalleryContext) async throws -> Response {
        logger.warning("sign-in through the provider refused", metadata: ["why": "\(refusal.detail)", "address": "\(context.remoteAddress)"])
        var response = try await signIn.response(next: next, status: refusal.status, context: context, autoRedirect: false, error: refusal.reason)
        response.setCookie(signInCookie(Self.stateCookie, "", maxAge: 0, context))
        return response
    }
}
