/// The loopback and the private networks (RFC 1918, link-local, IPv6 unique-local): where a
/// password sent over plain HTTP stays in the house. From anywhere else the server warns.
enum LocalNetwork {
    private static let ranges = try? TrustedProxies.parse(
        "127.0.0.0/8,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,169.254.0.0/16,100.64.0.0/10,::1/128,fc00::/7,fe80::/10")

    /// Whether `address` (a client's, as the request's context gives it) is on such a network.
    static func contains(_ address: String) -> Bool {
        ranges?.contains(address) ?? false
    }
}
