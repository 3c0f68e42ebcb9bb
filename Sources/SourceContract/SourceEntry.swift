/// One item a photo source lists: its opaque key and what tells whether it changed.
public struct SourceEntry: Sendable, Hashable {
    /// Opaque, stable key of the item inside its source (for a folder: the relative path with `/`).
    public var key: String
    /// Size in bytes.
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var mtimeNs: Int64

    /// Creates an entry.
    public init(key: String, size: Int64, mtimeNs: Int64) {
        self.key = key
        self.size = size
        self.mtimeNs = mtimeNs
    }
}

/// What a full walk of a source found.
public struct SourceListing: Sendable {
    /// Every item found, each key once.
    public var entries: [SourceEntry]
    /// Folder keys whose contents could not be read; items under them are unknown, not gone.
    public var unreadableFolders: [String]
    /// Items skipped with a reason (for example a name that is not valid UTF-8).
    public var skipped: [(key: String, reason: String)]

    /// Creates a listing.
    public init(entries: [SourceEntry] = [], unreadableFolders: [String] = [], skipped: [(key: String, reason: String)] = []) {
        self.entries = entries
        self.unreadableFolders = unreadableFolders
        self.skipped = skipped
    }
}
