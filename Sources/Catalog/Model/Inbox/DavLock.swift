/// A WebDAV lock (RFC 4918 §6) on a path of a member's inbox. Kept in the catalog, so every
/// instance of a shared catalog honours the same locks.
public struct DavLock: Sendable, Hashable {
    /// The lock token, "urn:uuid:…".
    public var token: String
    public var accountId: Int64
    /// The locked path in the inbox ("" is the inbox itself).
    public var path: String
    /// Whether it reaches every member of a locked collection (Depth: infinity) or the path alone.
    public var deep: Bool
    public var exclusive: Bool
    /// The `owner` element the client sent, as an XML fragment ("" for none).
    public var owner: String
    /// The timeout granted, in seconds.
    public var timeout: Int64
    /// Seconds since 1970 when it lapses unless refreshed.
    public var expiresAt: Int64

    public init(token: String, accountId: Int64, path: String, deep: Bool, exclusive: Bool, owner: String, timeout: Int64, expiresAt: Int64) {
        (self.token, self.accountId, self.path, self.deep, self.exclusive) = (token, accountId, path, deep, exclusive)
        (self.owner, self.timeout, self.expiresAt) = (owner, timeout, expiresAt)
    }

    /// Whether this lock reaches `target`: the locked path itself, or inside it when deep.
    public func covers(_ target: String) -> Bool {
        target == path || (deep && InboxPath.isWithin(target, path))
    }
}
