import Foundation
import GRDB

extension CatalogStore {
    /// Why a file that crashed its reader is listed among the scan's unreadable files.
    public static let stoppedTheReader = "it stopped the reader (the process died while reading it); skipped until the file changes"

    /// Marks the library files whose reads never finished as unreadable, so the scan skips them
    /// (as long as their size and modification time are unchanged) and no page renders them.
    /// Returns what was marked; uploads are left to the caller, which discards their staging.
    @discardableResult
    public func markStoppedReaders(_ reads: [ReadJournal.Interrupted], now: Date = Date()) async throws -> [ReadJournal.Interrupted] {
        let files = reads.filter { $0.kind != .upload }
        guard !files.isEmpty else { return [] }
        try await apply(files.map { .failed($0.entry, reason: Self.stoppedTheReader) }, now: now)
        return files
    }
}
