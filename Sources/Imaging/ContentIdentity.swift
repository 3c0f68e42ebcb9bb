/// The identity of a photo: SHA-256 of its bytes plus its size.
public struct ContentIdentity: Sendable, Hashable, Codable {
    /// The SHA-256 of the file's bytes as 64 lowercase hex digits.
    public var sha256: String
    /// The file's length in bytes.
    public var size: Int64

    /// Makes an identity from a known digest and size.
    public init(sha256: String, size: Int64) {
        (self.sha256, self.size) = (sha256, size)
    }
}
