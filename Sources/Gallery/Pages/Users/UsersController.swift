import Catalog
import Foundation
import Hummingbird

/// The admin's accounts page: add, change role, reset password, remove; the same rules as the CLI.
struct UsersController: Sendable {
    let store: any AccountStore
    let passwords: Passwords
    let pages: PageKit

    func register(with routes: Routes) {
        routes.admin.get(.users, use: list)
        routes.admin.form(.action(.addUser), use: add)
        routes.admin.form(.action(.changeRole), use: changeRole)
        routes.admin.form(.action(.resetPassword), use: resetPassword)
        routes.admin.form(.action(.removeUser), use: remove)
    }

    @Sendable func list(_ request: Request, context: GalleryContext) async throws -> Response {
        let done = request.uri.queryParameters["done"].map(String.init)
        return try await page(context, notice: done.flatMap { UsersView.notices[$0] })
    }

    @Sendable func add(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let role = try Self.role(form)
        let password = form["password"] ?? ""
        if let problem = Passwords.problem(password) { return try await page(context, error: problem, status: .badRequest) }
        do {
            try await store.addAccount(name: form["name"] ?? "", passwordHash: try await passwords.hash(password), role: role)
        } catch let error as AccountError {
            return try await page(context, error: Phrase(error), status: error == .invalidName ? .badRequest : .conflict)
        }
        return .redirect(to: SiteURL.users.appending([("done", "added")]))
    }

    @Sendable func changeRole(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let account = try await target(form)
        do { try await store.setRole(accountId: account.id, try Self.role(form)) } catch let error as AccountError {
            return try await page(context, error: Phrase(error), status: .conflict)
        }
        return .redirect(to: SiteURL.users.appending([("done", "role")]))
    }

    @Sendable func resetPassword(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let account = try await target(form)
        let password = form["password"] ?? ""
        if let problem = Passwords.problem(password) { return try await page(context, error: problem, status: .badRequest) }
        // Everyone signed in as that account is signed out, unless it is the admin's own session.
        try await store.setPassword(accountId: account.id, passwordHash: try await passwords.hash(password),
                              keepSession: account.id == context.visitor.account?.id ? context.visitor.sessionHash : nil)
        return .redirect(to: SiteURL.users.appending([("done", "password")]))
    }

    @Sendable func remove(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let account = try await target(form)
        do { try await store.removeAccount(id: account.id) } catch let error as AccountError {
            return try await page(context, error: Phrase(error), status: .conflict)
        }
        return .redirect(to: SiteURL.users.appending([("done", "removed")]))
    }

    private func target(_ form: FormBody) async throws -> Account {
        guard let id = form["id"].flatMap({ Int64($0) }), let account = try await store.account(id: id) else {
            throw PageError(.notFound, message: Phrase("That account does not exist (any more)."))
        }
        return account
    }

    private static func role(_ form: FormBody) throws -> Role {
        guard let role = form["role"].flatMap(Role.init(rawValue:)) else {
            throw PageError(.badRequest, message: Phrase("A role is viewer, member or admin."))
        }
        return role
    }

    private func page(_ context: GalleryContext, notice: Phrase? = nil, error: Phrase? = nil,
                      status: HTTPResponse.Status = .ok) async throws -> Response {
        let me = context.visitor.account?.id
        let rows = try await store.accounts().map { UsersView.Row($0, me: me, zone: context.timeZone) }
        let model = UsersView(chrome: pages.chrome(title: Phrase("Accounts"), crumbs: [Crumb(name: Phrase("Accounts"), url: nil)], for: context),
                              csrf: context.csrfToken, users: rows, notice: notice, error: error,
                              roles: UsersView.choices(selected: .member))
        return try pages.response(model, status: status, for: context)
    }
}
