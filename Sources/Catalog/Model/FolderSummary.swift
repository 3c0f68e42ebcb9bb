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
    /// The cover photo (the most recent one inside).
    public var cover: Picture?
    /// Unix seconds (camera time) of the first and the last photo inside taken by a camera that
    /// recorded the date; nil when none did.
    public var earliestTaken: Int64?
    public var latestTaken: Int64?
}
