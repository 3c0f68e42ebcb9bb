import Catalog

extension PhotoCard {
    /// A video's length as its tile shows it ("0:42"); nil for a photo. "0:00" never shows: a video
    /// whose container does not say how long it is gets "video".
    var playTime: Phrase? {
        guard kind == .video else { return nil }
        return durationMs.map { .verbatim(Formatting.playTime(milliseconds: $0)) } ?? Phrase("video")
    }

    /// What else the shot holds, as its tile shows it: "Live" for a Live or motion photo, "RAW"
    /// for one with its RAW file beside it; nil for neither.
    var badge: Phrase? {
        let parts = (isLive ? [Phrase("Live")] : []) + (companions.contains(.raw) ? [Phrase("RAW")] : [])
        return parts.isEmpty ? nil : parts.count == 1 ? parts[0] : Phrase.joined(parts, separator: " · ")
    }

    /// What a screen reader says of the tile: the name, for a video that it is one and how long,
    /// and what else the shot holds, one after another with commas.
    var tileLabel: Phrase {
        var parts: [Phrase] = [.verbatim(name)]
        if kind == .video {
            parts.append(Phrase("video"))
            if let durationMs { parts.append(.verbatim(Formatting.playTime(milliseconds: durationMs))) }
        }
        if isLive { parts.append(Phrase("live photo")) }
        if companions.contains(.raw) { parts.append(Phrase("with RAW")) }
        return parts.count == 1 ? parts[0] : Phrase.joined(parts, separator: ", ")
    }
}
