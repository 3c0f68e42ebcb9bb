import Imaging

/// A photo as a grid shows it.
public struct PhotoCard: Sendable, Equatable {
    /// The file row id (stable while the file stays put).
    public var fileId: Int64
    /// The file's key in the source.
    public var key: String
    public var name: String
    public var sha256: String
    /// Displayed dimensions: after the EXIF orientation and the household's rotation.
    public var width: Int
    public var height: Int
    /// Whether the asking person marked it a favorite (filled in on group pages).
    public var isFavorite = false
    /// For the list view: the file's size, the camera's date (nil without one) and the stars.
    public var size: Int64 = 0
    public var takenAt: Int64?
    public var rating = 0
    /// The household's quarter turns after the EXIF orientation.
    public var rotation = Rotation.none
    /// A photo or a video.
    public var kind = MediaKind.photo
    /// A video's length in milliseconds; nil for a photo or when the container did not say.
    public var durationMs: Int64?
    /// The files that belong to it (a Live Photo's clip, the RAW of the same shot).
    public var companions = FilePairs.Companions()
    /// Bytes at the end of the file that are a motion photo's clip; nil for none.
    public var motionLength: Int64?
    /// The file of its folder it is stacked under, as a shot of a burst; nil on its own or on top.
    public var stackOf: Int64?
    /// How many shots of the page's group are stacked under it (filled in on group pages); 0 for none.
    public var stacked = 0
    /// The account it is private to; nil when it is the household's.
    public var privateTo: Int64?
    /// How sharp its picture measured (`Imaging.Likeness`); nil before it is measured, and for videos.
    public var sharpness: Double?

    /// Whether it moves when played: a Live Photo's clip beside it, or a motion photo's inside it.
    public var isLive: Bool { companions.contains(.live) || motionLength != nil }

    /// The picture its renditions show.
    public var picture: Picture { Picture(sha256: sha256, rotation: rotation) }
}
