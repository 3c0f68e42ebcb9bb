import GRDB
import Imaging

extension Rotation {
    /// The rotation kept in a `rotation` column; anything but 0, 90, 180 or 270 counts as none.
    init(column value: Int?) { self = Rotation(rawValue: value ?? 0) ?? .none }
}

extension Picture {
    /// The picture named by a row's hash and rotation columns; nil when the hash is NULL.
    init?(_ row: Row, sha256 shaColumn: String, rotation rotationColumn: String) {
        guard let sha256: String = row[shaColumn] else { return nil }
        self.init(sha256: sha256, rotation: Rotation(column: row[rotationColumn]))
    }
}
