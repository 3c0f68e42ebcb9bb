import Foundation

/// A file on this machine holding one item's bytes, for code that can only read files (the
/// decoders). When the source made a temporary copy, the copy goes with the last reference:
/// keep the `LocalFile` (not just its path) for as long as the file is read.
public final class LocalFile: Sendable {
    /// Where the bytes can be read.
    public let path: String
    /// The item the bytes belong to (its key, size and modification time).
    public let entry: SourceEntry
    private let isTemporary: Bool

    /// A local file; `isTemporary` removes it when released.
    public init(path: String, entry: SourceEntry, isTemporary: Bool = false) {
        self.path = path
        self.entry = entry
        self.isTemporary = isTemporary
    }

    deinit {
        if isTemporary { unlink(path) }
    }
}
