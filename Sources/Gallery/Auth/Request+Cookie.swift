import Hummingbird

extension Request {
    /// A cookie's value, read by our own total parser (`CookieHeader`, fuzzed) from every
    /// `Cookie` header the request carries; nil when it has none of that name.
    func cookie(_ name: String) -> String? {
        CookieHeader.value(named: name, in: headers[values: .cookie])
    }
}
