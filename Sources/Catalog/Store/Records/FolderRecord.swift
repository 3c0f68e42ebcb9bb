import GRDB

/// A `folder` row, read by column name.
struct FolderRecord: FetchableRecord {
    var summary: FolderSummary

    /// The columns a folder summary reads.
    static let select = """
        SELECT path, name, photoCount, totalCount, folderCount, coverSha, earliestTaken, latestTaken,
          (SELECT rotation FROM photo WHERE sha256 = folder.coverSha LIMIT 1) AS coverRotation
        FROM folder
        """

    init(row: Row) {
        summary = FolderSummary(path: row["path"], name: row["name"], photoCount: row["photoCount"], totalCount: row["totalCount"],
                                folderCount: row["folderCount"], cover: Picture(row, sha256: "coverSha", rotation: "coverRotation"),
                                earliestTaken: row["earliestTaken"], latestTaken: row["latestTaken"])
    }
}
