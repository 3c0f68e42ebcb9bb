import Catalog

extension PhotoCard {
    /// A video's length as its tile shows it ("0:42"); nil for a photo. "0:00" never shows: a video
    /// whose container does not say how long it is gets "video".
    var playTime: String? {
        guard kind == .video else { return nil }
        return durationMs.map { Formatting.playTime(milliseconds: $0) } ?? "video"
    }

    /// What else the shot holds, as its tile shows it: "Live" for a Live or motion photo, "RAW"
    /// for one with its RAW file beside it; nil for neither.
    var badge: String? {
        let parts = (isLive ? ["Live"] : []) + (companions.contains(.raw) ? ["RAW"] : [])
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// What a screen reader says of the tile: the name, for a video that it is one and how long,
    /// and what else the shot holds.
    var tileLabel: String {
        var label = name
        if kind == .video { label += durationMs.map { ", video, \(Formatting.playTime(milliseconds: $0))" } ?? ", video" }
        if isLive { label += ", live photo" }
        if companions.contains(.raw) { label += ", with RAW" }
        return label
    }
}
