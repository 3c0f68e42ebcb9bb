/// Where the photos live, and the only way anything reaches their bytes: list, stat, read a
/// range, stream, hand a decoder a local file, add a new file, move to the trash and back,
/// destroy a trashed item, and watch for changes.
///
/// Items are named by opaque keys: `/`-separated, relative, and checked with
/// `SourceKey.isValid` by every implementation, so a hostile key (`../x`, `/etc/passwd`, a NUL)
/// names nothing. Nothing above a source knows whether a key is a path: a folder on this machine
/// and an object store bucket implement the same calls. Trashed items live apart from the
/// library under trash keys the catalog chooses (same rules as keys).
///
/// Calls that do I/O are `async`; implementations keep blocking work off the caller's thread.
public protocol PhotoSource: Sendable {
    /// A short human description of where the photos live, for messages.
    var displayName: String { get }

    /// Why the source cannot be read now, as a clause for messages ("the library folder does not
    /// exist (is its drive mounted?)"), or nil when it can.
    func unavailableReason() async -> String?

    /// Whether files can be added to the library or moved out of it now.
    func isWritable() async -> Bool

    /// Walks the whole source. Throws `SourceError.unavailable` when the source itself cannot be read.
    func list() async throws -> SourceListing

    /// The item's size and modification time now, or nil when there is none (or the key is not valid).
    func entry(forKey key: String) async throws -> SourceEntry?

    /// Up to `range.count` bytes of the item from `range.lowerBound`; fewer at its end. For small
    /// reads: whole files go through `stream(_:range:)`. Throws `SourceError.notFound` when there is no such item.
    func read(_ key: String, range: Range<Int64>) async throws -> [UInt8]

    /// The bytes of `range` of the item, read chunk by chunk as they are asked for. Throws
    /// `SourceError.notFound` at once (before any byte) when there is no such item.
    func stream(_ key: String, range: Range<Int64>) async throws -> ByteChunks

    /// A file on this machine that already holds the item's bytes, for serving them without a
    /// copy; nil when there is no such item, or when this source keeps no files here (an object
    /// store): then `stream(_:range:)`. Never a temporary copy.
    func localPath(forKey key: String) -> String?

    /// A file on this machine holding the item's bytes, for code that can only read files (the
    /// decoders), or nil when there is no such item. A source without local files writes a
    /// temporary copy, removed when the `LocalFile` is released. Throws (`SourceError.unavailable`)
    /// when the item could not be read now, which is never nil.
    func localFile(forKey key: String) async throws -> LocalFile?

    /// `localFile(forKey:)` for several items at once, one result per key in order, each telling
    /// a file from an item that is gone and from one that could not be read now, so a source can
    /// resolve a whole batch in one go; a default asks one at a time.
    func localFiles(forKeys keys: [String]) async -> [SourceFetch]

    /// Adds the finished file at `stagedFile` (on this machine) to the library as `folder/name`,
    /// or `folder/name (2)`, `(3)`… when that is taken, and returns the new key. Never overwrites;
    /// a failure leaves nothing behind, and the bytes are on the disk (or in the bucket) before the
    /// file appears under its name, so the caller need not sync them first. The staged file may be
    /// moved or copied: the caller removes what is left of it.
    func add(stagedFile: String, folder: String, name: String) async throws -> String

    /// Writes `bytes` as the XMP sidecar at `key` beside a file, replacing what is there in one
    /// step (a reader sees the old sidecar or the new, never a part), and returns its entry. The
    /// one write that replaces an item: refused (`SourceError.unavailable`) for a key that is not
    /// a sidecar (`SourceKey.isSidecar`), so no original can ever be overwritten through it.
    func writeSidecar(_ key: String, bytes: [UInt8]) async throws -> SourceEntry

    /// Moves the item at `key` out of the library to `trashKey` in the trash. Throws
    /// `SourceError.notFound` when there is no such item, `.alreadyExists` when `trashKey` is taken.
    func moveToTrash(_ key: String, as trashKey: String) async throws

    /// Moves the trashed item at `trashKey` back into the library at `key` and returns its entry
    /// there. Throws `SourceError.alreadyExists`, and moves nothing, when `key` is taken.
    func restore(fromTrash trashKey: String, to key: String) async throws -> SourceEntry

    /// Destroys the trashed item at `trashKey`: the only way Photolala removes bytes. Nothing
    /// there is not an error, so an interrupted emptying can simply be repeated.
    func deleteFromTrash(_ trashKey: String) async throws

    /// The trashed item's size and modification time, or nil when there is none.
    func trashEntry(_ trashKey: String) async throws -> SourceEntry?

    /// A file on this machine holding a trashed item's bytes (as `localFile(forKey:)`), or nil.
    func trashedFile(_ trashKey: String) async throws -> LocalFile?

    /// Yields once whenever something in the library changed (several changes may come as one);
    /// ending the iteration stops the watching. Throws `SourceError.cannotWatch` when this source
    /// cannot tell, so the caller can fall back to periodic rescans.
    func changes() throws -> AsyncStream<Void>
}
