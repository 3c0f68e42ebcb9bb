import Catalog
import Foundation

/// Random tokens for sessions and share links: 256 bits, URL-safe base64 (43 characters).
enum SecretToken {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) } }
        return encode(Data(bytes))
    }

    /// 32 bytes as a token: URL-safe base64 without padding.
    static func encode(_ bytes: Data) -> String {
        bytes.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `token` has the shape `make()` produces (checked before any database look-up).
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45 || byte == 95
        }
    }

    /// What the catalog stores for a session: its SHA-256, so a copy of the catalog opens no session.
    static func hash(_ token: String) -> String { TokenHash.of(token) }
}
