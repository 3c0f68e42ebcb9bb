import Hummingbird

/// A response a shared cache may keep (`public`) never carries a cookie: the cache would hand
/// it to the next visitor. (Pages are `private, no-cache` and vary by cookie: `PageRenderer`.)
/// Applied by `ResponseMiddleware`.
enum CachePolicy {
    /// Drops the cookies of a response a shared cache may keep.
    static func apply(to response: inout Response) {
        if response.headers[.cacheControl]?.contains("public") == true, response.headers[.setCookie] != nil {
            response.headers[values: .setCookie] = []
        }
    }
}
