import GRDB
import Imaging

/// A file with its photo and the viewer's favorite flag, read by column name; its tags and
/// other copies are read apart and added by `detail(tags:copies:)`.
struct PhotoDetailRecord: FetchableRecord {
    private var detail: PhotoDetail
    var photoId: Int64 { detail.photoId }

    /// The query, taking the viewer's `favorite.userId` and the file key.
    static let sql = """
        \(CardRecord.columns), f.folder, p.format, f.size, f.mtimeNs,
               p.takenAt, p.cameraMake, p.cameraModel, p.orientation, f.sortTaken, f.sortName,
               p.id AS photoId, p.rating, p.addedAt, p.caption, p.videoCodec, p.audioCodec,
               \(CardRecord.isFavorite)
        FROM file f JOIN photo p ON p.id = f.photoId WHERE f.key = ?
        """

    init(row: Row) {
        detail = PhotoDetail(photoId: row["photoId"], card: CardRecord(row: row).card, folder: row["folder"],
                             format: ImageFormat(rawValue: row["format"]) ?? .jpeg, fileSize: row["size"], mtimeNs: row["mtimeNs"],
                             takenAt: row["takenAt"], cameraMake: row["cameraMake"], cameraModel: row["cameraModel"],
                             orientation: row["orientation"], sortTaken: row["sortTaken"], sortName: row["sortName"],
                             rating: row["rating"], addedAt: row["addedAt"], isFavorite: row["isFavorite"], tags: [], copies: [],
                             caption: row["caption"], videoCodec: row["videoCodec"], audioCodec: row["audioCodec"])
    }

    /// The detail with the photo's tags and the keys of its other copies.
    func detail(tags: [String], copies: [String]) -> PhotoDetail {
        var detail = self.detail
        detail.tags = tags
        detail.copies = copies
        return detail
    }
}
