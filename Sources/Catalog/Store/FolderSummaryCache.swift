import Synchronization

/// Folder summaries as the catalog last read them, answered without a read of the database until
/// the catalog's version moves on (a change here, or one another instance announced): every
/// folder page asks for its folder's summary before it looks in the page cache.
final class FolderSummaryCache: Sendable {
    private struct State {
        var version = Int.min
        var entries: [String: FolderSummary?] = [:]
    }

    /// Summaries kept; past it the cache starts again empty.
    static let capacity = 4_096

    private let state = Mutex(State())

    /// The summary of `path` (nil inside when there is no such folder) read at `version`, or nil
    /// when it is not known at that version.
    func lookup(_ path: String, version: Int) -> FolderSummary?? {
        state.withLock { $0.version == version ? $0.entries[path] : nil }
    }

    /// Keeps what was read at `version`; a read older than what is kept is dropped.
    func keep(_ path: String, _ summary: FolderSummary?, version: Int) {
        state.withLock { state in
            if version < state.version { return }
            if version > state.version || state.entries.count >= Self.capacity { state = State(version: version) }
            state.entries[path] = .some(summary)
        }
    }
}
