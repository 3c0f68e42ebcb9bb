/// How a group's photos are ordered; parsed from and printed to query strings.
public struct PhotoSort: Sendable, Hashable {
    /// The field photos are ordered by.
    public enum Field: String, Sendable, CaseIterable {
        case taken, name, size, stars, added
        /// An album's own order, arranged by hand (only an album's photos have one).
        case album

        /// The column behind the field (an allowlist: nothing else reaches SQL).
        var column: String {
            switch self {
            case .taken: return "f.sortTaken"
            case .name: return "f.sortName"
            case .size: return "f.size"
            case .stars: return "p.rating"
            case .added: return "p.addedAt"
            case .album: return "ap.position"
            }
        }
    }

    public var field: Field
    public var descending: Bool

    /// Date taken, oldest first.
    public static let `default` = PhotoSort(field: .taken, descending: false)

    /// Creates a sort.
    public init(field: Field, descending: Bool) {
        self.field = field
        self.descending = descending
    }

    /// Parses `sort` and `order` query values; nil parts fall back to the default, unknown values fail.
    public init?(field: String?, order: String?) {
        guard let parsedField = field.map({ Field(rawValue: $0) }) ?? .some(.taken) else { return nil }
        switch order {
        case nil, "asc": descending = false
        case "desc": descending = true
        default: return nil
        }
        self.field = parsedField
    }

    /// The `order` query value.
    public var orderName: String { descending ? "desc" : "asc" }
}
