import Hummingbird

/// A response a shared cache may keep (`public`) never carries a cookie: the cache would hand
/// it to the next visitor. (Pages are `private, no-cache` and vary by cookie: `PageRenderer`.)
/// Applied by `ResponseMiddleware`.
enum CachePolicy {
    /// Drops the cookies of a response a shared cache may keep.
    static func apply(to response: inout Response) {
        // (most answers set no cookie: that is asked first, without making a string of any value)
        if response.headers.contains(.setCookie), let cacheControl = response.headers[.cacheControl], isShared(cacheControl) {
            response.headers[values: .setCookie] = []
        }
    }

    /// Whether a `Cache-Control` value has the `public` directive (names compared without their
    /// values and without case, RFC 9111, 5.2).
    static func isShared(_ cacheControl: String) -> Bool {
        HeaderList.contains(cacheControl, "public", namesOnly: true)
    }
}
