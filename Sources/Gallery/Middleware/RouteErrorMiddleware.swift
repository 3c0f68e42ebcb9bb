import Hummingbird

/// Errors of the routes rendered as pages (`ErrorPages`) inside the session, where the visitor is
/// known (their menu, their way back); `ResponseMiddleware` renders what the checks before it throw.
struct RouteErrorMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    let errors: ErrorPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return errors.response(for: error, request, context: context)
        }
    }
}
