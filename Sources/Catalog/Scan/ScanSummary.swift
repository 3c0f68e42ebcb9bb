/// What one scan did, for the CLI's closing line and for tests.
public struct ScanSummary: Sendable, Equatable {
    public var total = 0
    public var unchanged = 0
    public var added = 0
    public var updated = 0
    public var removed = 0
    public var errors = 0
    public var seconds = 0.0
    /// The library's files after the scan, by kind.
    public var photos = 0
    public var videos = 0

    public init() {}
}
