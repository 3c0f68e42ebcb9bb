import Foundation

/// A web origin: scheme, host and port, compared exactly (the port filled in from the scheme).
struct WebOrigin: Equatable, Sendable {
    let scheme: String
    let host: String
    let port: Int

    /// The origin of a URL (`Origin` or `Referer`); nil for `null`, a relative URL or another scheme.
    init?(_ url: String) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), let host = parsed.host, !host.isEmpty,
              let port = parsed.port ?? Self.defaultPort(scheme) else { return nil }
        self.scheme = scheme
        self.host = Self.bare(host)
        self.port = port
    }

    /// The origin a request addressed to `authority` (a Host header) over `scheme` has.
    init?(scheme: String, authority: String) {
        guard let (host, port) = ServerNames.split(authority: authority), let defaultPort = Self.defaultPort(scheme) else { return nil }
        self.scheme = scheme
        self.host = Self.bare(host)
        self.port = port ?? defaultPort
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme { case "http": 80; case "https": 443; default: nil }
    }

    /// Lower case, no brackets around an IPv6 literal, no trailing dot.
    private static func bare(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
