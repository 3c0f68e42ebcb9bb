import Catalog
import Hummingbird

/// Renders the sign-in form, on `/login` and wherever someone not signed in arrives: the
/// password form, the provider's button, or both; or, where visitors are sent straight to the
/// provider (`--oidc-auto-redirect`), the way there.
struct SignInPage: Sendable {
    let store: any AccountStore
    let pages: PageKit
    /// The OpenID provider's sign-in, when one is set up.
    let provider: OIDCSettings?

    func response(next: String?, status: HTTPResponse.Status = .ok, context: GalleryContext, autoRedirect: Bool = true,
                  notice: Phrase? = nil, error: Phrase? = nil, name: String = "") async throws -> Response {
        let next = next.flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path
        let start = SiteURL.oidcStart.appending([("next", next)])
        if let provider, provider.autoRedirect, autoRedirect, error == nil {
            return .redirect(to: start)
        }
        let noAccounts = (try? await store.hasAccounts()) == false
        let model = LoginView(chrome: pages.chrome(title: Phrase("Sign in"), for: context), csrf: context.csrfToken, next: next,
                              name: name, notice: noAccounts ? nil : notice, error: error, noAccounts: noAccounts && provider == nil,
                              provider: provider.map { .init(name: $0.name, start: start) }, passwords: provider?.passwordSignIn ?? true)
        return try pages.response(model, status: status, for: context)
    }
}

/// The sign-in page.
struct LoginView: PageModel {
    static let template = "login"
    var chrome: PageChrome
    var csrf, next, name: String
    var notice, error: Phrase?
    /// No account exists yet: the page explains how to make the first admin.
    var noAccounts: Bool
    /// The OpenID provider's button.
    var provider: Provider?
    /// Whether the password form is shown.
    var passwords: Bool
    let action = SiteURL.login

    struct Provider: Encodable {
        var name: String
        var start: SiteURL
    }
}
