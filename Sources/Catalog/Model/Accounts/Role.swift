/// What a household member may do; each role includes everything below it.
public enum Role: String, Sendable, CaseIterable, Comparable {
    /// Browse and keep their own favorites.
    case viewer
    /// Also rate, tag, upload, share and move files to the trash.
    case member
    /// Also manage accounts and empty the trash.
    case admin

    private var rank: Int {
        switch self {
        case .viewer: return 0
        case .member: return 1
        case .admin: return 2
        }
    }

    public static func < (a: Role, b: Role) -> Bool { a.rank < b.rank }
}
