import Imaging

/// Filters that narrow any group, all optional; parsed from and printed to query strings.
public struct SearchFilter: Hashable, Sendable {
    /// Picture shapes.
    public enum Orientation: String, Sendable, CaseIterable { case portrait, landscape, square }

    /// What an item is or holds: a photo, a video, a Live or motion photo, a RAW (alone or beside
    /// the JPEG of the same shot).
    public enum Kind: String, Sendable, CaseIterable {
        case photo, video, live, raw
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
    /// Only photos taken in a country, a region or at a place (as the gazetteer named them).
    public var place: PlaceScope?
    /// Only photos whose file says where they were taken (true), or only those that do not (false).
    public var located: Bool?
    /// Only one burst: the file a stack is under (`file.stackOf`) and the shots stacked under it.
    public var stack: Int64?
    /// Only photos this account uploaded (by its name).
    public var addedBy: String?
    /// Only the photos this viewer keeps private (none for a guest or a link's holders).
    public var privateOf: Viewer?

    public init(text: String? = nil, tag: String? = nil, favoritesOf: Viewer? = nil, minRating: Int? = nil,
                takenFrom: Int64? = nil, takenTo: Int64? = nil, minSize: Int64? = nil, maxSize: Int64? = nil,
                orientation: Orientation? = nil, kind: Kind? = nil, place: PlaceScope? = nil, located: Bool? = nil, stack: Int64? = nil,
                addedBy: String? = nil) {
        self.addedBy = addedBy
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
        self.place = place
        self.located = located
        self.stack = stack
    }

    /// Whether no filter is set.
    public var isEmpty: Bool { self == SearchFilter() }
}
