/// A named password a member made for one device (a phone's backup app, a computer's drive).
/// Of its secret only the hash is kept (`TokenHash`); the secret is shown once.
public struct Device: Sendable, Hashable, Identifiable {
    /// What a device password lets its device do.
    public enum Scope: String, Sendable, CaseIterable, Hashable {
        /// Write the member's inbox and read back what it holds; nothing of the library.
        case backup
        /// The inbox as `backup`, and the library and albums read-only, as the member sees them.
        case read
    }

    public let id: Int64
    public let accountId: Int64
    /// The name the member gave it ("Anna's iPhone").
    public let label: String
    public let scope: Scope
    /// Seconds since 1970.
    public let createdAt: Int64
    /// When it last opened a request (to the minute); nil for never.
    public let lastUsedAt: Int64?

    public init(id: Int64, accountId: Int64, label: String, scope: Scope, createdAt: Int64, lastUsedAt: Int64?) {
        (self.id, self.accountId, self.label, self.scope, self.createdAt, self.lastUsedAt) = (id, accountId, label, scope, createdAt, lastUsedAt)
    }

    /// The longest label kept.
    public static let maxLabelLength = 80
}
