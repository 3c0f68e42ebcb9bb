import Hummingbird

/// A response a shared cache may keep (`public`) never carries a cookie: the cache would hand
/// it to the next visitor. (Pages are `private, no-cache` and vary by cookie: `PageRenderer`.)
struct CachePolicyMiddleware: RouterMiddleware {
    typealias Context = GalleryContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.cacheControl]?.contains("public") == true {
            response.headers[values: .setCookie] = []
        }
        return response
    }
}
