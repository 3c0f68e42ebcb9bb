import GRDB

/// A `folder` row, read by column name.
struct FolderRecord: FetchableRecord {
    var summary: FolderSummary

    /// The columns a folder summary reads.
    static let select = "SELECT path, name, photoCount, totalCount, folderCount, coverSha, earliestTaken, latestTaken FROM folder"

    init(row: Row) {
        summary = FolderSummary(path: row["path"], name: row["name"], photoCount: row["photoCount"], totalCount: row["totalCount"],
                                folderCount: row["folderCount"], coverSha: row["coverSha"],
                                earliestTaken: row["earliestTaken"], latestTaken: row["latestTaken"])
    }
}
