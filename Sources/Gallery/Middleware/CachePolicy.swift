import Hummingbird

/// A response a shared cache may keep (`public`) never carries a cookie: the cache would hand
/// it to the next visitor. (Pages are `private, no-cache` and vary by cookie: `PageRenderer`.)
/// Applied by `ResponseMiddleware`.
enum CachePolicy {
    /// Drops the cookies of a response a shared cache may keep.
    static func apply(to response: inout Response) {
        if let cacheControl = response.headers[.cacheControl], isShared(cacheControl), response.headers[.setCookie] != nil {
            response.headers[values: .setCookie] = []
        }
    }

    /// Whether a `Cache-Control` value has the `public` directive: directive names are compared
    /// without their values and without case (RFC 9111, 5.2), over bytes, as every answer passes here.
    static func isShared(_ cacheControl: String) -> Bool {
        cacheControl.utf8.split(separator: UInt8(ascii: ",")).contains { directive in
            let name = directive.drop { $0 == 0x20 || $0 == 0x09 }.prefix { $0 != UInt8(ascii: "=") && $0 != 0x20 && $0 != 0x09 }
            return name.count == 6 && zip(name, "public".utf8).allSatisfy { ($0 | 0x20) == $1 }
        }
    }
}
