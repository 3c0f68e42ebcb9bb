/// Where photos that arrive through a share link are filed, and what they may bring with them.
///
/// A link's holders are outside the household: what their files say of themselves (stars,
/// keywords, a sidecar beside them) is theirs, not the household's curation. So a file under
/// `root` is read for its picture, date, camera and place, never for stars or keywords, by every
/// path that reads files (the scan, uploads, sidecars), here in one place.
public enum LinkUploads {
    /// The folder under which every link's uploads are filed.
    public static let root = "Link uploads"

    /// The folder a link's uploads are filed in: one a link, never shared with another's files.
    public static func folder(_ linkId: Int64) -> String { "\(root)/\(linkId)" }

    /// Whether the file at `key` came through a share link (it lies in a link's folder).
    public static func holds(_ key: String) -> Bool { key.hasPrefix(root + "/") }
}
