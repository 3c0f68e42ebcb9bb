import Catalog

extension PhotoCard {
    /// A video's length as its tile shows it ("0:42"); nil for a photo. "0:00" never shows: a video
    /// whose container does not say how long it is gets "video".
    var playTime: String? {
        guard kind == .video else { return nil }
        return durationMs.map { Formatting.playTime(milliseconds: $0) } ?? "video"
    }

    /// What a screen reader says of the tile: the name, and for a video that it is one and how long.
    var tileLabel: String {
        guard kind == .video else { return name }
        return durationMs.map { "\(name), video, \(Formatting.playTime(milliseconds: $0))" } ?? "\(name), video"
    }
}
