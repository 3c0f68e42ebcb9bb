import Catalog
import Hummingbird

/// Renders the sign-in form, on `/login` and wherever someone not signed in arrives.
struct SignInPage: Sendable {
    let store: any AccountStore
    let pages: PageKit

    func response(next: String?, status: HTTPResponse.Status = .ok, context: GalleryContext, notice: Phrase? = nil,
                  error: Phrase? = nil, name: String = "") async throws -> Response {
        let noAccounts = (try? await store.hasAccounts()) == false
        let model = LoginView(chrome: pages.chrome(title: Phrase("Sign in"), for: context), csrf: context.csrfToken,
                              next: next.flatMap { SiteURL.isLocal($0) ? $0 : nil } ?? SiteURL.home.path,
                              name: name, notice: noAccounts ? nil : notice, error: error, noAccounts: noAccounts)
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
    let action = SiteURL.login
}
