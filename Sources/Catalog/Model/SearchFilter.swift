import GRDB
import Imaging

/// Filters that narrow any group, all optional; parsed from and printed to query strings.
public struct SearchFilter: Hashable, Sendable {
    /// Picture shapes.
    public enum Orientation: String, Sendable, CaseIterable { case portrait, landscape, square }

    /// What an item is or holds: a photo, a video, a Live or motion photo, a RAW (alone or beside
    /// the JPEG of the same shot).
    public enum Kind: String, Sendable, CaseIterable {
        case photo, video, live, raw

        /// The condition over `file f JOIN photo p`.
        var sql: String {
            switch self {
            case .photo: "p.kind = 'photo'"
            case .video: "p.kind = 'video'"
            case .live: "(f.companions & \(FilePairs.Companions.live.rawValue) != 0 OR p.motionLength IS NOT NULL)"
            case .raw:
                "(f.companions & \(FilePairs.Companions.raw.rawValue) != 0 OR p.format IN (\(FilePairs.rawFormatList)))"
            }
        }
    }

    /// Words to find in file names, folders and tags (every word must match, as a prefix).
    public var text: String?
    public var tag: String?
    /// Only this viewer's favorites.
    public var favoritesOf: Viewer?
    public var minRating: Int?
    /// Camera-time bounds, Unix seconds; `takenTo` is exclusive.
    public var takenFrom: Int64?
    public var takenTo: Int64?
    public var minSize: Int64?
    public var maxSize: Int64?
    public var orientation: Orientation?
    /// Only photos, videos, Live photos or RAWs.
    public var kind: Kind?

    public init(text: String? = nil, tag: String? = nil, favoritesOf: Viewer? = nil, minRating: Int? = nil,
                takenFrom: Int64? = nil, takenTo: Int64? = nil, minSize: Int64? = nil, maxSize: Int64? = nil,
                orientation: Orientation? = nil, kind: Kind? = nil) {
        self.text = text
        self.tag = tag
        self.favoritesOf = favoritesOf
        self.minRating = minRating
        self.takenFrom = takenFrom
        self.takenTo = takenTo
        self.minSize = minSize
        self.maxSize = maxSize
        self.orientation = orientation
        self.kind = kind
    }

    /// Whether no filter is set.
    public var isEmpty: Bool { self == SearchFilter() }

    /// SQL conditions over `file f JOIN photo p`, each parameterised.
    var conditions: [(sql: String, arguments: StatementArguments)] {
        var out: [(String, StatementArguments)] = []
        if let match = text.flatMap(FTSQuery.terms) {
            out.append(("f.id IN (SELECT rowid FROM fileSearch WHERE fileSearch MATCH ?)", [match]))
        }
        if let tag {
            out.append(("EXISTS (SELECT 1 FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = p.id AND t.name = ?)", [tag]))
        }
        if let favoritesOf {
            out.append(("EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?)", [favoritesOf.favoritesUserId]))
        }
        if let minRating { out.append(("p.rating >= ?", [minRating])) }
        if let takenFrom { out.append(("p.takenAt >= ?", [takenFrom])) }
        if let takenTo { out.append(("p.takenAt < ?", [takenTo])) }
        if let minSize { out.append(("f.size >= ?", [minSize])) }
        if let maxSize { out.append(("f.size <= ?", [maxSize])) }
        switch orientation {
        case .portrait: out.append(("p.height > p.width", []))
        case .landscape: out.append(("p.width > p.height", []))
        case .square: out.append(("p.width = p.height", []))
        case nil: break
        }
        if let kind { out.append((kind.sql, [])) }
        return out
    }
}
