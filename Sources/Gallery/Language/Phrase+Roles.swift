import Catalog

extension Phrase {
    /// A role's name as pages say it ("admin", "member", "viewer" in English).
    public static func role(_ role: Role) -> Phrase {
        switch role {
        case .admin: Phrase(context: "role", "admin")
        case .member: Phrase(context: "role", "member")
        case .viewer: Phrase(context: "role", "viewer")
        }
    }
}
