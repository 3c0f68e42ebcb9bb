/// A named token for the JSON API (`/api/v1`): what a script, a dashboard or a photo frame
/// signs in with. Of its secret only the hash is kept (`TokenStore`).
public struct APIToken: Sendable, Hashable, Identifiable {
    /// What a token may do. Each names a set of the API's operations; a token holds one or more.
    public enum Scope: String, Sendable, CaseIterable, Hashable, Comparable {
        /// Read the library, folders, albums, tags, the timeline, places and the trash, as the
        /// member sees them on the pages.
        case read
        /// Favorite, rate, tag, caption, delete and restore photos; make and order albums.
        case curate
        /// Add photos to the library.
        case upload
        /// Make, list and end share links.
        case share
        /// What only admins may do (the accounts); made for admins only.
        case admin

        public static func < (lhs: Scope, rhs: Scope) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// Scopes from a comma-separated list (`read,curate`); nil when any is unknown or none is given.
        public static func list(_ raw: String) -> Set<Scope>? {
            let names = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let scopes = names.compactMap(Scope.init(rawValue:))
            guard !names.isEmpty, scopes.count == names.count else { return nil }
            return Set(scopes)
        }

        /// `scopes` as the catalog and the API write them: comma-separated, in a fixed order.
        public static func text(_ scopes: Set<Scope>) -> String {
            scopes.sorted().map(\.rawValue).joined(separator: ",")
        }
    }

    /// The one thing a frame token reads: an album, or what a share link shows.
    public enum Frame: Sendable, Hashable {
        case album(Int64)
        case share(Int64)

        /// `album:12` or `share:7`.
        public var text: String {
            switch self {
            case .album(let id): "album:\(id)"
            case .share(let id): "share:\(id)"
            }
        }

        /// Reads `text`; nil for anything else.
        public init?(text: String) {
            let parts = text.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let id = Int64(parts[1]), id > 0 else { return nil }
            switch parts[0] {
            case "album": self = .album(id)
            case "share": self = .share(id)
            default: return nil
            }
        }
    }

    public let id: Int64
    public let accountId: Int64
    /// The name its maker gave it ("Kitchen frame").
    public let label: String
    public let scopes: Set<Scope>
    /// For a frame token, the one album or link it reads (its only scope is `read`); nil for
    /// a token that reads what its member sees.
    public let frame: Frame?
    /// Seconds since 1970.
    public let createdAt: Int64
    /// When it was last used (to the minute); nil for never.
    public let lastUsedAt: Int64?

    public init(id: Int64, accountId: Int64, label: String, scopes: Set<Scope>, frame: Frame?, createdAt: Int64, lastUsedAt: Int64?) {
        (self.id, self.accountId, self.label, self.scopes, self.frame, self.createdAt, self.lastUsedAt)
            = (id, accountId, label, scopes, frame, createdAt, lastUsedAt)
    }

    /// The longest label kept.
    public static let maxLabelLength = 80
}
