/// A folder as the folder grid shows it: counts and a cover.
public struct FolderSummary: Sendable, Equatable {
    /// The folder key, `""` for the library root.
    public var path: String
    public var name: String
    /// Photos directly inside.
    public var photoCount: Int
    /// Photos inside, at any depth.
    public var totalCount: Int
    /// Direct subfolders holding photos.
    public var folderCount: Int
    /// The content hash of the cover photo (the most recent one inside).
    public var coverSha: String?
    /// Unix seconds of the most recent photo inside.
    public var latestTaken: Int64?
}
