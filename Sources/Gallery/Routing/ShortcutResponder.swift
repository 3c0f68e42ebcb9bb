import Hummingbird

/// Static files and the health check, answered before the router. Neither has a visitor, a form
/// or a flash, so they skip the router's search and the CSRF, session, flash and route-error
/// layers, and pass only through `ResponseMiddleware` (proxy headers, compression, log, metrics,
/// cache policy, security headers), as every answer does. Each layer skipped is an async call
/// with its own frame and context copy (BENCHMARKS.md). Anything else, a static name that is
/// not a file included, goes on to the router, so its 404 page still shows the visitor's menu.
struct ShortcutResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == GalleryContext {
    typealias Context = GalleryContext
    /// The route names the metrics give these answers: the router's own for the same routes.
    static var healthEndpoint: String { SiteRoute.health.pattern.description }
    static var staticEndpoint: String { SiteRoute.staticFile.pattern.description }

    let statics: StaticController
    let health: HealthController
    let outer: ResponseMiddleware
    let inner: Inner

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get else { return try await inner.respond(to: request, context: context) }
        let path = request.uri.path
        if path == SiteURL.health.path {
            context.coreContext.endpointPath.value = Self.healthEndpoint
            return try await outer.handle(request, context: context) { request, context in
                try await health.check(request, context: context)
            }
        }
        if let asset = statics.asset(at: path) {
            context.coreContext.endpointPath.value = Self.staticEndpoint
            return try await outer.handle(request, context: context) { request, _ in statics.answer(asset, to: request) }
        }
        return try await inner.respond(to: request, context: context)
    }
}
