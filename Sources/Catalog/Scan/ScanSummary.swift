/// What one scan did, for the CLI's closing line and for tests.
public struct ScanSummary: Sendable, Equatable {
    public var total = 0
    public var unchanged = 0
    public var added = 0
    public var updated = 0
    public var removed = 0
    public var errors = 0
    /// Files that could not be read now (the source failed, not their bytes): left as they were,
    /// with no scan issue, so the next scan tries them again.
    public var unavailable = 0
    /// Sidecars changed elsewhere that replaced changes made here and not yet written to them.
    public var conflicts = 0
    public var seconds = 0.0
    /// The library's items after the scan, by kind (`KindCounts`).
    public var kinds = KindCounts()

    public init() {}
}

/// What a library holds: items groups list, photos and videos, and of them how many are Live or
/// motion photos; and how many RAW files it keeps (alone or beside a JPEG).
public struct KindCounts: Sendable, Equatable {
    public var photos = 0
    public var videos = 0
    public var live = 0
    public var raw = 0

    public init(photos: Int = 0, videos: Int = 0, live: Int = 0, raw: Int = 0) {
        (self.photos, self.videos, self.live, self.raw) = (photos, videos, live, raw)
    }
}
