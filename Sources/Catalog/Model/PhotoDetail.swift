import Imaging

/// Everything the single-photo view shows about one file and its picture.
public struct PhotoDetail: Sendable, Equatable {
    /// The photo row id (content identity), which curation hangs on.
    public var photoId: Int64
    public var card: PhotoCard
    public var folder: String
    public var format: ImageFormat
    public var fileSize: Int64
    public var mtimeNs: Int64
    /// Unix seconds from EXIF DateTimeOriginal (camera local time, stored as if UTC).
    public var takenAt: Int64?
    public var cameraMake: String?
    public var cameraModel: String?
    public var orientation: Int
    /// The value this file sorts by under each field, for keyset neighbours.
    var sortTaken: Int64
    var sortName: String
    /// Stars, 0 (none) to 5.
    public var rating: Int
    /// Unix seconds when the picture first entered the catalog.
    public var addedAt: Int64
    /// Whether the asking person marked it a favorite.
    public var isFavorite: Bool
    /// Tags, by name.
    public var tags: [String]
    /// Keys of other files with the same bytes.
    public var copies: [String]
    /// The household's caption (empty when none).
    public var caption: String = ""
    /// A video's codecs as ffprobe named them (`h264`, `hevc`, `aac`, ...); nil for a photo.
    public var videoCodec: String?
    public var audioCodec: String?
    /// The files that belong to this one (`FilePairs`): a Live Photo's clip, the RAW of the shot.
    public var companions: [Companion] = []
    /// For a file that belongs to another, that one's key: its page is the shot's page.
    public var pairedToKey: String?
    /// Where it was taken, when its file says.
    public var location: Location?
    /// Where `takenAt` was read (nil for a photo read before that was kept, or without a date).
    public var takenSource: DateSource?
    /// The time zone written beside the date, in minutes east of UTC.
    public var takenOffset: Int?
    /// Who uploaded it; nil for a photo the scan found in the library.
    public var uploader: Uploader? = nil

    /// A photo's position, and the place it was named after (nil while not yet named, or when
    /// no place is near). A share link never shows it unless its maker allowed it.
    public struct Location: Sendable, Equatable {
        public var latitude, longitude: Double
        public var place: NamedPlace?
    }

    /// A file that belongs to another one.
    public struct Companion: Sendable, Equatable {
        public var key: String
        public var name: String
        public var role: FilePairs.Companions
        public var format: ImageFormat
        public var size: Int64
    }
}

/// Who added a photo (by an upload) or put it in an album: an account, or a share link's
/// holders (with the name of the account that made the link, while it stands).
public enum Uploader: Sendable, Equatable {
    case account(String)
    case link(madeBy: String?)
    /// A member's device, through its device password (the WebDAV door).
    case device(account: String, label: String)
}
