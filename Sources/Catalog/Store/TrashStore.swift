/// The trash's bookkeeping: which files are in it, and the three-step moves in and out that a
/// kill at any point leaves recoverable. The bytes move through the `PhotoSource`.
public protocol TrashStore: Sendable {
    /// Moves the file at `key` to the source's trash; its curation stays on the photo.
    func moveToTrash(key: String, source: any PhotoSource) async throws
    /// Puts a trashed file back where it was, with its stars, tags and favorites, when `sight`
    /// sees it: an item private to someone else is `CurationError.unknownTrashItem`, as one that
    /// is not there, so its id says nothing either.
    func restore(trashId: Int64, sight: Sight, source: any PhotoSource) async throws
    /// Destroys everything in the trash; returns how many files went, and how many were kept
    /// (still in the trash) because their bytes could not be deleted now.
    @discardableResult
    func emptyTrash(source: any PhotoSource) async throws -> TrashEmptying
    /// Finishes or undoes moves a kill interrupted; run at start-up. Returns how many it settled.
    @discardableResult
    func recoverTrashMoves(source: any PhotoSource) async throws -> Int
    /// Everything in the trash that `sight` may see, newest first.
    func trashItems(sight: Sight) async throws -> [TrashItem]
    /// Hashes of the pictures whose every file is in the trash.
    func contentOnlyInTrash() async throws -> Set<String>
    /// The trash key of a trashed file with this content, for its thumbnail.
    func trashKey(forContent sha256: String) async throws -> String?
}
