import Foundation

/// What a probe learns about an image without decoding its pixels.
public struct ImageProbe: Sendable, Equatable, Codable {
    /// The format the bytes were read as.
    public var format: ImageFormat
    /// Width as stored, before orientation.
    public var width: Int
    /// Height as stored, before orientation.
    public var height: Int
    /// EXIF orientation 1...8; 1 when absent or invalid.
    public var orientation: Int
    /// exif:DateTimeOriginal read as UTC (cameras record naive local time); nil when absent or unparseable.
    public var takenAt: Date?
    /// The camera maker, trimmed; nil when empty.
    public var cameraMake: String?
    /// The camera model, trimmed; nil when empty.
    public var cameraModel: String?
    /// Stars another tool wrote (XMP `xmp:Rating`), 0...5.
    public var rating: Int?
    /// Keywords another tool wrote (XMP `dc:subject`, IPTC keywords).
    public var keywords: [String]
    /// For a video, what ffprobe said (duration, codecs); nil for a still picture.
    public var video: VideoInfo?
    /// For a motion photo, how many bytes at the end of the file are its clip; nil for none.
    public var motionLength: Int64?
    /// Where it was taken, when the file says (EXIF's GPS position; a video's ISO 6709 location).
    public var location: GeoPoint?
    /// Where `takenAt` was read; nil without a date.
    public var takenSource: DateSource?
    /// The time zone written beside the date (EXIF's `OffsetTimeOriginal`, an XMP or QuickTime
    /// date's own), in minutes east of UTC; nil when none was written.
    public var takenOffset: Int?

    /// Makes a probe result; orientation outside 1...8 becomes 1.
    public init(
        format: ImageFormat, width: Int, height: Int, orientation: Int = 1,
        takenAt: Date? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
        rating: Int? = nil, keywords: [String] = []
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = (1...8).contains(orientation) ? orientation : 1
        self.takenAt = takenAt
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.rating = rating
        self.keywords = keywords
    }

    /// Orientations 5...8 turn the picture a quarter, so width and height trade places on screen.
    var isQuarterTurned: Bool { (5...8).contains(orientation) }

    /// Width as displayed, after orientation.
    public var displayWidth: Int { isQuarterTurned ? height : width }

    /// Height as displayed, after orientation.
    public var displayHeight: Int { isQuarterTurned ? width : height }
}

extension ImageProbe {
    /// Sets the date taken from EXIF's text (and its offset), else from an XMP packet's, else
    /// from IPTC's records, saying which.
    mutating func date(exif: String?, offset: String?, xmp: [UInt8]?, iptc: [UInt8]?) {
        if let taken = exif.flatMap(ExifDate.parse) {
            (takenAt, takenSource, takenOffset) = (taken, .exif, offset.flatMap(TimeOffset.minutes))
        } else if let found = xmp.flatMap(XMPDate.takenWithOffset(inXMP:)) {
            (takenAt, takenSource, takenOffset) = (found.date, .xmp, found.offset)
        } else if let found = EmbeddedCuration.iptcDate(iptc) {
            (takenAt, takenSource, takenOffset) = (found.date, .iptc, found.offset)
        }
    }
}
