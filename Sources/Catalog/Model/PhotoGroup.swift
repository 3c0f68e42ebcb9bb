/// A set of photos shown as one paged group: a folder, or a virtual group.
public enum PhotoGroup: Hashable, Sendable {
    /// The files directly in a folder (`""` is the library root).
    case folder(String)
    /// One viewer's favorites (guests share the household's list).
    case favorites(Viewer)
    /// Photos with four or five stars.
    case topRated
    /// Photos carrying a tag.
    case tag(String)
    /// Every photo, newest in the catalog first by default.
    case recent
    /// Byte-identical photos found at two or more paths, copies side by side.
    case duplicates
    /// Photos that look like another (their difference hashes at most `within` bits apart),
    /// wherever they are: copies that were resized, recompressed or edited a little.
    case similar(within: Int)
    /// Every photo once: the base of the search page.
    case all
    /// An album's photos, in the album's order.
    case album(Int64)
    /// A group narrowed by filters.
    indirect case filtered(PhotoGroup, SearchFilter)

    /// The stable name used in `?in=` query values; folders are implied by the photo's key.
    public var queryValue: String? {
        switch self {
        case .folder: return nil
        case .favorites: return "favorites"
        case .topRated: return "top-rated"
        case .tag(let name): return "tag:" + name
        case .recent: return "recent"
        case .duplicates: return "duplicates"
        case .similar(let within): return "similar:\(within)"
        case .all: return "all"
        case .album(let id): return "album:\(id)"
        case .filtered(let base, _): return base.queryValue ?? "folder"
        }
    }

    /// Whether which photos the group shows follows the look-alikes measured in the background
    /// (the Similar collection, filtered or not).
    public var readsLikeness: Bool {
        if case .similar = parts.base { return true }
        return false
    }

    /// The group without its filters, and the filters.
    public var parts: (base: PhotoGroup, filter: SearchFilter) {
        if case .filtered(let base, let filter) = self { return (base, filter) }
        return (self, SearchFilter())
    }

    /// Parses an `?in=` value; nil for unknown values.
    public init?(queryValue: String, viewer: Viewer) {
        switch queryValue {
        case "favorites": self = .favorites(viewer)
        case "top-rated": self = .topRated
        case "recent": self = .recent
        case "duplicates": self = .duplicates
        case "all": self = .all
        default:
            if queryValue.hasPrefix("album:"), let id = Int64(queryValue.dropFirst(6)), id > 0 {
                self = .album(id)
                return
            }
            if queryValue.hasPrefix("similar:"), let within = Int(queryValue.dropFirst(8)), Self.similarThresholds.contains(within) {
                self = .similar(within: within)
                return
            }
            guard queryValue.hasPrefix("tag:"), queryValue.count > 4 else { return nil }
            self = .tag(String(queryValue.dropFirst(4)))
        }
    }

    /// The sort a group opens with.
    public var defaultSort: PhotoSort {
        switch self {
        case .recent: return PhotoSort(field: .added, descending: true)
        case .filtered(let base, _): return base.defaultSort
        case .duplicates: return PhotoSort(field: .size, descending: true)
        case .topRated: return PhotoSort(field: .stars, descending: true)
        case .album: return PhotoSort(field: .album, descending: false)
        // Collections and searches start with the newest photos; a folder tells its day in order.
        // (A copy keeps its camera's date, so look-alikes taken together stand together.)
        case .favorites, .tag, .all, .similar: return PhotoSort(field: .taken, descending: true)
        case .folder: return .default
        }
    }

    /// How far apart the Similar collection's hashes may be, from nearly the same to loosely
    /// alike; `similarDefault` is where it opens.
    public static let similarThresholds = [4, 6, 8, 10]
    public static let similarDefault = 8

    /// A folder with no filter: its pages walk the folder's own sort indexes.
    var isPlainFolder: Bool {
        if case .folder = self { return true }
        return false
    }
}
