import GRDB
import Imaging

/// A file with its photo and the viewer's favorite flag, read by column name; its tags and
/// other copies are read apart and added by `detail(tags:copies:)`.
struct PhotoDetailRecord: FetchableRecord {
    private var detail: PhotoDetail
    var photoId: Int64 { detail.photoId }
    var fileId: Int64 { detail.card.fileId }

    /// The query, taking the viewer's `favorite.userId` and the file key.
    static let sql = """
        \(CardRecord.columns), f.folder, p.format, f.size, f.mtimeNs,
               p.takenAt, p.cameraMake, p.cameraModel, p.orientation, f.sortTaken, f.sortName,
               p.id AS photoId, p.rating, p.addedAt, p.caption, p.videoCodec, p.audioCodec,
               (SELECT key FROM file WHERE id = f.pairedTo) AS pairedToKey,
               \(CardRecord.isFavorite)
        FROM file f JOIN photo p ON p.id = f.photoId WHERE f.key = ?
        """

    init(row: Row) {
        detail = PhotoDetail(photoId: row["photoId"], card: CardRecord(row: row).card, folder: row["folder"],
                             format: ImageFormat(rawValue: row["format"]) ?? .jpeg, fileSize: row["size"], mtimeNs: row["mtimeNs"],
                             takenAt: row["takenAt"], cameraMake: row["cameraMake"], cameraModel: row["cameraModel"],
                             orientation: row["orientation"], sortTaken: row["sortTaken"], sortName: row["sortName"],
                             rating: row["rating"], addedAt: row["addedAt"], isFavorite: row["isFavorite"], tags: [], copies: [],
                             caption: row["caption"], videoCodec: row["videoCodec"], audioCodec: row["audioCodec"],
                             pairedToKey: row["pairedToKey"])
    }

    /// The detail with the photo's tags, the keys of its other copies and the files that belong to it.
    func detail(tags: [String], copies: [String], companions: [PhotoDetail.Companion]) -> PhotoDetail {
        var detail = self.detail
        detail.tags = tags
        detail.copies = copies
        detail.companions = companions
        return detail
    }

    /// The files paired to the file with id `fileId`, by key.
    static func companions(_ db: Database, fileId: Int64) throws -> [PhotoDetail.Companion] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT c.key, c.name, c.size, p.format FROM file c JOIN photo p ON p.id = c.photoId WHERE c.pairedTo = ? ORDER BY c.key
            """), arguments: [fileId]).map { row in
            let format: String = row["format"]
            return PhotoDetail.Companion(key: row["key"], name: row["name"], role: FilePairs.rawFormats.contains(format) ? .raw : .live,
                                         format: ImageFormat(rawValue: format) ?? .mov, size: row["size"])
        }
    }
}
