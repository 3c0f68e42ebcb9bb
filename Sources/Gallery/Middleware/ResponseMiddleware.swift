import Hummingbird

/// The outermost layer every request passes through, in one step: what a trusted proxy says of
/// the client goes into the context, an error the session or CSRF checks throw becomes its page
/// (`ErrorPages`), and every answer is compressed when that pays (`Compression`), logged and
/// counted (`AccessLog`), kept from shared caches with a cookie (`CachePolicy`) and given the
/// security headers (`SecurityHeaders`). One layer rather than one each: every layer is an async
/// call with its own frame and context copy, and six of them cost a warm thumbnail about a
/// sixth of its time (BENCHMARKS.md).
struct ResponseMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    let forwarded: ForwardedHeaders
    let log: AccessLog
    let errors: ErrorPages
    let security: SecurityHeaders

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await handle(request, context: context, started: .now, next: next)
    }

    /// The same, for an answer whose time began before this layer (the access log's duration).
    func handle(_ request: Request, context: Context, started: ContinuousClock.Instant,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        forwarded.apply(request, to: &context)
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Refused before the visitor is known (the CSRF and session checks): the page is in
            // the browser's language, the best there is to go on.
            var refused = context
            refused.language = errors.pages.languages.choose(account: nil, acceptLanguage: request.headers[.acceptLanguage])
            response = errors.response(for: error, request, context: refused)
        }
        // Only a body worth compressing costs an async call; images, most answers, do not.
        if let length = Compression.plan(&response, for: request) {
            try await Compression.compress(&response, length: length)
        }
        log.record(request, context: context, response: &response, started: started)
        CachePolicy.apply(to: &response)
        security.apply(to: &response.headers)
        return response
    }
}
