import Catalog
import Hummingbird

/// The router split by who may use a route: every route is registered on exactly one of these,
/// so the role a route needs is written where the route is.
struct Routes {
    /// Anyone: the sign-in page, static files, share links.
    let open: Router<GalleryContext>
    /// Signed-in viewers and up (and guests, when guests are let in).
    let viewer: RouterGroup<GalleryContext>
    /// Members and admins.
    let member: RouterGroup<GalleryContext>
    /// Admins only.
    let admin: RouterGroup<GalleryContext>

    init(router: Router<GalleryContext>, signIn: SignInPage) {
        open = router
        viewer = router.group().add(middleware: RequireRole(minimum: .viewer, signIn: signIn))
        member = router.group().add(middleware: RequireRole(minimum: .member, signIn: signIn))
        admin = router.group().add(middleware: RequireRole(minimum: .admin, signIn: signIn))
    }
}

/// Lets a request through only when its visitor has at least `minimum`. Someone not signed in
/// gets the sign-in form (403) for a page, and a plain 403 for anything else; a signed-in
/// person without the role gets a 403 saying what their role allows.
struct RequireRole: RouterMiddleware {
    typealias Context = GalleryContext
    let minimum: Role
    let signIn: SignInPage

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.visitor.can(minimum) else {
            guard let role = context.visitor.role else {
                if request.method == .get || request.method == .head {
                    return try await signIn.response(next: request.uri.description, status: .forbidden, context: context,
                                           notice: Phrase("Sign in to see this page."))
                }
                throw PageError(.forbidden, message: Phrase("Sign in first: this needs an account."))
            }
            let refusal = Phrase("Your role (\(Phrase.role(role))) does not allow this: it needs \(Phrase.role(minimum)). An admin can change your role.")
            throw PageError(.forbidden, message: refusal)
        }
        return try await next(request, context)
    }
}
