import Crypto
import Foundation
import Imaging

/// What the catalog keeps of a secret token (a session's, a share link's): its SHA-256 in
/// lower-case hex, so a copy of the catalog opens nothing.
public enum TokenHash {
    /// The SHA-256 of the token's UTF-8 bytes, as 64 hex digits.
    public static func of(_ token: String) -> String {
        // Hashed where the string keeps its bytes: a session cookie is read on most requests.
        var hasher = SHA256()
        var token = token
        token.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return Hex.lowercase(hasher.finalize())
    }
}
