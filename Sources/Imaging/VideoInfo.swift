import Foundation

/// What ffprobe tells about a video: read from its JSON by `VideoInfo.parse`, which is total
/// (ffprobe reports what a hostile file claims, so every number is checked before it is kept).
public struct VideoInfo: Sendable, Equatable, Codable {
    /// Seconds; nil when the container does not say or says nonsense.
    public var duration: Double?
    /// Width as shown, after the display rotation.
    public var width: Int
    /// Height as shown, after the display rotation.
    public var height: Int
    /// The display rotation in degrees (0, 90, 180 or 270, clockwise or not: only the sides matter here).
    public var rotation: Int
    /// The first video stream's codec (`h264`, `hevc`, `vp9`, ...).
    public var videoCodec: String
    /// The first audio stream's codec; nil when silent.
    public var audioCodec: String?
    /// When it was shot: the camera's local clock read as UTC when the file keeps it (Apple's
    /// `com.apple.quicktime.creationdate`), as photos keep EXIF dates; else the container's `creation_time`.
    public var takenAt: Date?
    /// Where it was shot: the container's ISO 6709 location (QuickTime's `©xyz`, or Apple's
    /// `com.apple.quicktime.location.ISO6709`).
    public var location: GeoPoint?
    /// The zone written with the date, in minutes east of UTC (0 for a `creation_time` in UTC).
    public var takenOffset: Int?

    /// Sides larger than this are refused as nonsense.
    static let maxSide = 65_535

    /// Makes a value from what is already known to be sane (`parse` checks what ffprobe said).
    public init(
        duration: Double?, width: Int, height: Int, rotation: Int, videoCodec: String, audioCodec: String?, takenAt: Date? = nil,
        location: GeoPoint? = nil
    ) {
        self.duration = duration
        self.width = width
        self.height = height
        self.rotation = rotation
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.takenAt = takenAt
        self.location = location
    }

    /// With the date from `taken` as a container writes it, and the zone written with it.
    init(duration: Double?, width: Int, height: Int, rotation: Int, videoCodec: String, audioCodec: String?, taken: String?,
         location: GeoPoint?) {
        self.init(duration: duration, width: width, height: height, rotation: rotation, videoCodec: videoCodec, audioCodec: audioCodec,
                  takenAt: taken.flatMap(Self.clock), location: location)
        // (Apple's creation date is the phone's clock and its zone; `creation_time` is UTC, "Z")
        takenOffset = taken.flatMap { $0.utf8.count > 19 ? TimeOffset.minutes($0) : nil }
    }
}

extension VideoInfo {
    /// Reads `ffprobe -print_format json -show_format -show_streams` output; nil when it is not
    /// JSON, names no video stream, or the video stream has no sensible size.
    public static func parse(_ json: [UInt8]) -> VideoInfo? {
        guard json.count <= 4 << 20,
              let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
              let streams = root["streams"] as? [Any]
        else { return nil }
        let objects = streams.prefix(64).compactMap { $0 as? [String: Any] }
        guard let video = objects.first(where: { text($0["codec_type"]) == "video" && !isCoverArt($0) }),
              let codec = text(video["codec_name"]).flatMap(name),
              let storedWidth = number(video["width"]).flatMap(side),
              let storedHeight = number(video["height"]).flatMap(side)
        else { return nil }
        let rotation = rotation(of: video)
        let format = root["format"] as? [String: Any] ?? [:]
        let formatTags = format["tags"] as? [String: Any] ?? [:]
        let duration = (number(format["duration"]) ?? number(video["duration"])).flatMap { value in
            value > 0 && value < 1e7 ? value : nil
        }
        let audio = objects.first { text($0["codec_type"]) == "audio" }.flatMap { text($0["codec_name"]) }.flatMap(name)
        let quarter = rotation == 90 || rotation == 270
        return VideoInfo(
            duration: duration, width: quarter ? storedHeight : storedWidth, height: quarter ? storedWidth : storedHeight,
            rotation: rotation, videoCodec: codec, audioCodec: audio,
            taken: [text(formatTags["com.apple.quicktime.creationdate"]), text(formatTags["creation_time"]),
                    (video["tags"] as? [String: Any]).flatMap { text($0["creation_time"]) }].lazy.compactMap { $0 }.first { clock($0) != nil },
            location: (text(formatTags["com.apple.quicktime.location.ISO6709"]) ?? text(formatTags["location"]))
                .flatMap(GeoPoint.iso6709))
    }

    /// A still attached as cover art (MP3-style, or an MKV attachment) is a video stream that is not the video.
    private static func isCoverArt(_ stream: [String: Any]) -> Bool {
        guard let disposition = stream["disposition"] as? [String: Any] else { return false }
        return number(disposition["attached_pic"]) == 1
    }

    /// The rotation a display matrix or an old `rotate` tag asks for, as 0, 90, 180 or 270.
    private static func rotation(of stream: [String: Any]) -> Int {
        let sideData = (stream["side_data_list"] as? [Any] ?? []).prefix(16).compactMap { $0 as? [String: Any] }
        let raw = sideData.lazy.compactMap { number($0["rotation"]) }.first
            ?? (stream["tags"] as? [String: Any]).flatMap { number($0["rotate"]) }
        guard let raw, raw.isFinite, abs(raw) <= 3600 else { return 0 }
        let quarters = Int((raw / 90).rounded())
        return ((quarters % 4) + 4) % 4 * 90
    }

    /// A JSON string, or nil.
    private static func text(_ value: Any?) -> String? {
        value as? String
    }

    /// A JSON number, or a string holding one (ffprobe writes durations as strings).
    private static func number(_ value: Any?) -> Double? {
        if let string = value as? String { return string.utf8.count <= 32 ? Double(string) : nil }
        return (value as? NSNumber)?.doubleValue
    }

    /// A side in 1...maxSide, or nil.
    private static func side(_ value: Double) -> Int? {
        guard value.isFinite, value >= 1, value <= Double(maxSide) else { return nil }
        return Int(value)
    }

    /// A codec name as ffmpeg spells them: short, lowercase letters, digits and `_`.
    private static func name(_ value: String) -> String? {
        let allowed = value.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
        return allowed && (1...32).contains(value.utf8.count) ? value : nil
    }

    /// The clock of `2024-05-01T10:11:12.000000Z` or `2024-05-01T12:11:12+0200` read as UTC (the
    /// offset, if any, dropped: photos keep the camera's clock the same way), through EXIF's reader.
    static func clock(_ value: String) -> Date? {
        var bytes = Array(value.utf8.prefix(19))
        guard bytes.count == 19, bytes[10] == 0x54 || bytes[10] == 0x20 else { return nil }
        bytes[10] = 0x20
        return ExifDate.parse(String(decoding: bytes, as: UTF8.self))
    }
}
