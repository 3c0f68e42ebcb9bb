import Hummingbird

/// Static files, the health check and warm renditions, answered before the router. None has a
/// form or a flash, so they skip the router's search and the CSRF, session, flash and
/// route-error layers, and pass only through `ResponseMiddleware` (proxy headers, compression,
/// log, metrics, cache policy, security headers), as every answer does. Each layer skipped is
/// an async call with its own frame and context copy (BENCHMARKS.md).
///
/// A rendition is answered here only when nothing about it needs more than the caches: the
/// session cookie names a live session that is not due for renewal (or there is none and guests
/// may look), the visitor may see the library, the content is not only in the trash, and the
/// rendition cache has it. Anything else, a static name that is not a file included, goes on to
/// the router, which answers it in full: its error pages show the visitor's menu, and a stale
/// or renewed session gets its cookie.
struct ShortcutResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == GalleryContext {
    typealias Context = GalleryContext
    /// The route names the metrics give these answers: the router's own for the same routes.
    static var healthEndpoint: String { SiteRoute.health.pattern.description }
    static var staticEndpoint: String { SiteRoute.staticFile.pattern.description }
    static var thumbnailEndpoint: String { SiteRoute.thumbnail.pattern.description }

    let statics: StaticController
    let health: HealthController
    let thumbnails: ThumbnailController
    let dav: DavController
    let api: APIDoor
    let sessions: SessionMiddleware
    let outer: ResponseMiddleware
    let inner: Inner

    static var davEndpoint: String { "/dav/" }
    static var apiEndpoint: String { "/api/v1/" }

    func respond(to request: Request, context: Context) async throws -> Response {
        // The WebDAV door has its own credentials and no forms, pages or cookies: it skips the
        // router's layers altogether, the session's and CSRF's among them.
        if let target = try? DavTarget.parse(path: request.uri.path) {
            context.coreContext.endpointPath.value = Self.davEndpoint
            return try await outer.handle(request, context: context) { request, context in
                try await dav.respond(to: request, target: target, context: context)
            }
        }
        // The JSON API, likewise: its tokens are its only credentials.
        if request.uri.path.hasPrefix("/api/") {
            context.coreContext.endpointPath.value = Self.apiEndpoint
            return try await outer.handle(request, context: context) { request, context in await api.respond(to: request, context: context) }
        }
        if request.uri.path.hasPrefix("/dav/") {
            return try await outer.handle(request, context: context) { _, _ in DavError(.badRequest, "a path that names nothing").response }
        }
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
        if let (size, picture, encoding) = ThumbnailController.parse(path: path) {
            let started = ContinuousClock.now
            // A catalog that fails to answer here is asked again by the route, which shows its error.
            guard let visitor = try? await sessions.quietVisitor(request), visitor.can(.viewer),
                  let answer = await thumbnails.warmAnswer(size: size, picture: picture, encoding: encoding, request) else {
                return try await inner.respond(to: request, context: context)
            }
            var context = context
            context.coreContext.endpointPath.value = Self.thumbnailEndpoint
            context.visitor = visitor
            return try await outer.handle(request, context: context, started: started) { _, _ in answer }
        }
        return try await inner.respond(to: request, context: context)
    }
}
