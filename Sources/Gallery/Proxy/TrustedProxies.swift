import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The addresses (or CIDR ranges) of reverse proxies whose `X-Forwarded-*` headers are believed.
public struct TrustedProxies: Sendable, Equatable {
    struct Range: Sendable, Equatable {
        var bytes: [UInt8]
        var prefix: Int
    }
    let ranges: [Range]

    public static let none = TrustedProxies(ranges: [])

    /// Parses `127.0.0.1, 10.0.0.0/8, ::1`; a `SettingProblem` names the first entry that is not an address or range.
    public static func parse(_ list: String) throws -> TrustedProxies {
        var ranges: [Range] = []
        for raw in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !raw.isEmpty {
            let parts = raw.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(parts[0]) else { throw SettingProblem("“\(raw)” is not an address or CIDR range") }
            var prefix = bytes.count * 8
            if parts.count == 2 {
                guard let n = Int(parts[1]), (0...bytes.count * 8).contains(n) else {
                    throw SettingProblem("“\(raw)” has a bad prefix length")
                }
                prefix = n
            }
            ranges.append(Range(bytes: bytes, prefix: prefix))
        }
        return TrustedProxies(ranges: ranges)
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` lies in one of the ranges.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address) else { return false }
        return ranges.contains { range in
            guard range.bytes.count == bytes.count else { return false }
            var bits = range.prefix
            for i in 0..<bytes.count where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if range.bytes[i] & mask != bytes[i] & mask { return false }
                bits -= 8
            }
            return true
        }
    }

    /// An IPv4 or IPv6 address as bytes (an IPv4-mapped IPv6 address as its IPv4 bytes).
    static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
            return bytes
        }
        return nil
    }
}
