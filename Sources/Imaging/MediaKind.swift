/// What a catalog item is: a still picture or a video. The raw value is what the catalog stores.
public enum MediaKind: String, Sendable, CaseIterable, Codable {
    case photo, video
}
