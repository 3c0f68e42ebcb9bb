import Imaging

/// Everything the single-photo view shows about one file and its picture.
public struct PhotoDetail: Sendable, Equatable {
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
}
