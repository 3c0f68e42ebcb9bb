import Catalog

/// Who is asking: a signed-in account, a guest (when guests are let in), or nobody.
public struct Visitor: Sendable {
    /// The signed-in account, if any.
    public var account: Account?
    /// What the visitor may do; nil means only public pages (sign-in, share links).
    public var role: Role?
    /// The hash of the session token, for sign-out and password changes.
    var sessionHash: String?
    /// Whether admins see the household's private photos (`--admins-see-private`).
    var adminsSeePrivate = false

    static let nobody = Visitor(account: nil, role: nil, sessionHash: nil)

    /// Whose favorites this visitor sees and marks: their own, or the guests' shared list.
    var viewer: Viewer { account.map { .account($0.id) } ?? .guest }

    /// Which private photos the visitor may see: an account its own (and an admin everyone's where
    /// the household lets admins see them), a guest none.
    var sight: Sight {
        guard let account else { return .publicOnly }
        return adminsSeePrivate && role == .admin ? .everything : .owner(account.id)
    }

    /// Whom the catalog is read for on this visitor's behalf (`ScopedCatalog`).
    var audience: Audience { .household(viewer: viewer, sight: sight) }

    /// Whether the visitor has at least `role`.
    func can(_ needed: Role) -> Bool { role.map { $0 >= needed } ?? false }
}
