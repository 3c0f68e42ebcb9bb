import GRDB
import Imaging

/// A grid card from `file f JOIN photo p`, read by column name; the favorite flag is read when
/// the query selects an `isFavorite` column.
struct CardRecord: FetchableRecord {
    var card: PhotoCard

    /// The card's columns, to be followed by more columns or a FROM clause.
    static let columns = "SELECT f.id AS fileId, f.key, f.name, p.sha256, p.width, p.height, f.size, p.takenAt, p.rating, p.rotation, "
        + "p.kind, p.durationMs, f.companions, p.motionLength"
    /// The favorite flag of the viewer whose `favorite.userId` is the next argument.
    static let isFavorite = "EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?) AS isFavorite"

    init(row: Row) {
        card = PhotoCard(fileId: row["fileId"], key: row["key"], name: row["name"], sha256: row["sha256"],
                         width: row["width"], height: row["height"], isFavorite: row["isFavorite"] ?? false,
                         size: row["size"] ?? 0, takenAt: row["takenAt"], rating: row["rating"] ?? 0,
                         rotation: Rotation(column: row["rotation"]),
                         kind: MediaKind(rawValue: row["kind"] ?? "") ?? .photo, durationMs: row["durationMs"],
                         companions: FilePairs.Companions(rawValue: row["companions"] ?? 0), motionLength: row["motionLength"])
    }
}
