import Foundation
import Imaging

/// A grid card from `file f JOIN photo p`, read by column name.
enum CardColumns {
    /// The card's columns, to be followed by more columns or a FROM clause.
    static let columns = "SELECT f.id AS fileId, f.key, f.name, p.sha256, p.width, p.height, f.size, p.takenAt, p.rating, p.rotation, "
        + "p.kind, p.durationMs, f.companions, p.motionLength, f.stackOf, p.privateTo, p.sharpness"
    /// The favorite flag of the viewer whose `favorite.userId` is the next argument.
    static let isFavorite = "EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?) AS isFavorite"

    /// The card in `row`; its favorite flag is read only when the query selected `isFavorite`
    /// (`readsFavorite`), and is false otherwise.
    static func card(_ row: SQLRow, readsFavorite: Bool = true) throws -> PhotoCard {
        let isFavorite = try readsFavorite && row.bool("isFavorite")
        let rotation = Rotation(column: try row.optionalInt("rotation").map { Int($0) })
        let kind = MediaKind(rawValue: try row.optionalString("kind") ?? "") ?? .photo
        let companions = FilePairs.Companions(rawValue: Int(try row.optionalInt("companions") ?? 0))
        var card = PhotoCard(fileId: try row.int("fileId"), key: try row.string("key"), name: try row.string("name"),
                         sha256: try row.string("sha256"), width: Int(try row.int("width")), height: Int(try row.int("height")),
                         isFavorite: isFavorite, size: try row.optionalInt("size") ?? 0, takenAt: try row.optionalInt("takenAt"),
                         rating: Int(try row.optionalInt("rating") ?? 0), rotation: rotation, kind: kind,
                         durationMs: try row.optionalInt("durationMs"), companions: companions,
                         motionLength: try row.optionalInt("motionLength"), stackOf: try row.optionalInt("stackOf"))
        card.privateTo = try row.optionalInt("privateTo")
        card.sharpness = try row.optionalDouble("sharpness").flatMap { $0 >= 0 ? $0 : nil }
        return card
    }
}

/// A file with its photo, the viewer's favorite flag, the photo's tags, its other copies and the
/// files that belong to it, in one row. The lists come as JSON arrays, so the photo view costs one statement.
enum PhotoDetailColumns {
    /// The query, taking the viewer's `favorite.userId` and the file key. Tags are ordered
    /// without case, copies and companions by key.
    static func sql(_ dialect: SQLDialect) -> String {
        let companion = dialect.jsonObject([("key", "c.key"), ("name", "c.name"), ("size", "c.size"), ("format", "cp.format")])
        return """
        \(CardColumns.columns), f.folder, p.format, f.mtimeNs,
               p.cameraMake, p.cameraModel, p.orientation, f.sortTaken, f.sortName,
               p.id AS photoId, p.addedAt, p.caption, p.videoCodec, p.audioCodec,
               p.latitude, p.longitude, p.placeId, p.placeCountry, p.placeRegion, p.takenSource, p.takenOffset,
               (SELECT key FROM file WHERE id = f.pairedTo) AS pairedToKey,
               (SELECT CAST(name AS TEXT) FROM account WHERE id = p.addedBy) AS uploaderName, p.addedWith, p.addedThrough,
               (SELECT CAST(a.name AS TEXT) FROM shareLink s JOIN account a ON a.id = s.accountId WHERE s.id = p.addedThrough) AS linkOwner,
               \(CardColumns.isFavorite),
               \(dialect.jsonList("""
                 SELECT CAST(t.name AS TEXT) AS v FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = p.id
                 ORDER BY t.name\(dialect.noCase)
                 """)) AS tagsJSON,
               \(dialect.jsonList("SELECT o.key AS v FROM file o WHERE o.photoId = f.photoId AND o.key != f.key ORDER BY o.key")) AS copiesJSON,
               \(dialect.jsonList("""
                 SELECT \(companion) AS v FROM file c JOIN photo cp ON cp.id = c.photoId WHERE c.pairedTo = f.id ORDER BY c.key
                 """, ofObjects: true)) AS companionsJSON
        FROM file f JOIN photo p ON p.id = f.photoId WHERE f.key = ?
        """
    }

    /// A companion as `companionsJSON` lists it.
    private struct CompanionRow: Decodable {
        var key: String
        var name: String
        var size: Int64
        var format: String
    }

    /// The detail in a row of `sql`.
    static func detail(_ row: SQLRow) throws -> PhotoDetail {
        let companions = try json([CompanionRow].self, row, "companionsJSON").map { c in
            PhotoDetail.Companion(key: c.key, name: c.name, role: FilePairs.rawFormats.contains(c.format) ? .raw : .live,
                                  format: ImageFormat(rawValue: c.format) ?? .mov, size: c.size)
        }
        return PhotoDetail(photoId: try row.int("photoId"), card: try CardColumns.card(row), folder: try row.string("folder"),
                           format: ImageFormat(rawValue: try row.string("format")) ?? .jpeg, fileSize: try row.int("size"),
                           mtimeNs: try row.int("mtimeNs"), takenAt: try row.optionalInt("takenAt"),
                           cameraMake: try row.optionalString("cameraMake"), cameraModel: try row.optionalString("cameraModel"),
                           orientation: Int(try row.int("orientation")), sortTaken: try row.int("sortTaken"),
                           sortName: try row.string("sortName"), rating: Int(try row.int("rating")), addedAt: try row.int("addedAt"),
                           isFavorite: try row.bool("isFavorite"), tags: try json([String].self, row, "tagsJSON"),
                           copies: try json([String].self, row, "copiesJSON"), caption: try row.string("caption"),
                           videoCodec: try row.optionalString("videoCodec"), audioCodec: try row.optionalString("audioCodec"),
                           companions: companions, pairedToKey: try row.optionalString("pairedToKey"),
                           location: try location(row),
                           takenSource: try row.optionalString("takenSource").flatMap(DateSource.init(rawValue:)),
                           takenOffset: try row.optionalInt("takenOffset").map { Int($0) },
                           uploader: try uploader(row))
    }

    /// Who uploaded the photo, if anyone did.
    private static func uploader(_ row: SQLRow) throws -> Uploader? {
        if let name = try row.optionalString("uploaderName") {
            if let device = try row.optionalString("addedWith") { return .device(account: name, label: device) }
            return .account(name)
        }
        if try row.optionalInt("addedThrough") != nil { return .link(madeBy: try row.optionalString("linkOwner")) }
        return nil
    }

    /// Where the photo was taken, with the place it was named after (if any yet).
    private static func location(_ row: SQLRow) throws -> PhotoDetail.Location? {
        guard let latitude = try row.optionalDouble("latitude"), let longitude = try row.optionalDouble("longitude") else { return nil }
        let placeId = try row.optionalInt("placeId") ?? 0
        return PhotoDetail.Location(
            latitude: latitude, longitude: longitude,
            place: placeId > 0 ? NamedPlace(id: placeId, country: try row.optionalString("placeCountry") ?? "",
                                            region: try row.optionalString("placeRegion") ?? "") : nil)
    }

    /// A JSON array column decoded; NULL (PostgreSQL's `json_agg` over no rows) is an empty list.
    private static func json<T: Decodable & RangeReplaceableCollection>(_ type: T.Type, _ row: SQLRow, _ column: String) throws -> T {
        guard let text = try row.optionalString(column) else { return T() }
        return try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}

/// A `folder` row, read by column name.
enum FolderColumns {
    /// The columns a folder summary reads.
    static let select = """
        SELECT path, name, photoCount, totalCount, folderCount, coverSha, earliestTaken, latestTaken,
          (SELECT rotation FROM photo WHERE sha256 = folder.coverSha LIMIT 1) AS coverRotation
        FROM folder
        """

    /// The summary in a row of `select`.
    static func summary(_ row: SQLRow) throws -> FolderSummary {
        FolderSummary(path: try row.string("path"), name: try row.string("name"), photoCount: Int(try row.int("photoCount")),
                      totalCount: Int(try row.int("totalCount")), folderCount: Int(try row.int("folderCount")),
                      cover: try PictureColumns.picture(row, sha256: "coverSha", rotation: "coverRotation"),
                      earliestTaken: try row.optionalInt("earliestTaken"), latestTaken: try row.optionalInt("latestTaken"))
    }
}

/// A picture named by a row's hash and rotation columns.
enum PictureColumns {
    /// The picture, or nil when the hash is NULL; a rotation other than 0, 90, 180 or 270 counts as none.
    static func picture(_ row: SQLRow, sha256 shaColumn: String, rotation rotationColumn: String) throws -> Picture? {
        guard let sha256 = try row.optionalString(shaColumn) else { return nil }
        return Picture(sha256: sha256, rotation: Rotation(column: try row.optionalInt(rotationColumn).map { Int($0) }))
    }
}

/// A file reference from a row with `id`, `photoId`, `key` and `size` columns.
enum FileRefColumns {
    /// The reference in `row`.
    static func fileRef(_ row: SQLRow) throws -> FileRef {
        FileRef(id: try row.int("id"), photoId: try row.int("photoId"), key: try row.string("key"), size: try row.int("size"))
    }
}

extension Rotation {
    /// The rotation kept in a `rotation` column; anything but 0, 90, 180 or 270 counts as none.
    init(column value: Int?) { self = Rotation(rawValue: value ?? 0) ?? .none }
}
