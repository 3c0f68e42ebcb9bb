import Foundation

/// A snapshot of a scan, safe to read while it runs.
public struct ScanProgress: Sendable, Equatable {
    /// Where the scan is.
    public enum Phase: String, Sendable { case idle, listing, scanning, finished, failed }

    public var phase: Phase = .idle
    /// Files found by the walk.
    public var total = 0
    /// Files handled so far (unchanged ones count at once).
    public var processed = 0
    /// Files that were new or changed and needed hashing.
    public var changed = 0
    /// Files that could not be read or are not readable images.
    public var errors = 0
    /// When this scan started and, once done, finished.
    public var startedAt: Date?
    public var finishedAt: Date?
    /// The last key handled, for a sense of movement.
    public var current: String?
    /// Why the scan failed, in words for the user.
    public var failure: String?

    public init() {}

    /// Whether a scan is under way.
    public var isRunning: Bool { phase == .listing || phase == .scanning }

    /// Handled files per second since the start (until the end, once finished).
    public var filesPerSecond: Double {
        guard let start = startedAt else { return 0 }
        let seconds = (finishedAt ?? Date()).timeIntervalSince(start)
        return seconds > 0.05 ? Double(processed) / seconds : 0
    }

    /// Percent done, 0...100.
    public var percent: Int {
        total == 0 ? (phase == .finished ? 100 : 0) : min(100, processed * 100 / total)
    }
}
