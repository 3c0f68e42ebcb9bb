/// Members' WebDAV inboxes (`InboxItem`) and the locks on them (`DavLock`), kept in the catalog
/// so that every instance of a shared catalog lists, writes and locks the same inbox.
public protocol InboxStore: Sendable {
    /// The item at `path` of an account's inbox.
    func inboxItem(accountId: Int64, path: String) async throws -> InboxItem?
    /// The items directly in the folder at `parent`, by path.
    func inboxChildren(accountId: Int64, of parent: String) async throws -> [InboxItem]
    /// The item at `path` and everything inside it, by path (a folder before its members).
    func inboxTree(accountId: Int64, at path: String) async throws -> [InboxItem]
    /// Writes an item at its path, replacing what was there; says whether it is new.
    @discardableResult
    func putInboxItem(_ item: InboxItem) async throws -> Bool
    /// Writes items in order, each replacing what was at its path, in one write; says of each
    /// whether it was new (a later item at an earlier one's path replaces it).
    @discardableResult
    func putInboxItems(_ items: [InboxItem]) async throws -> [Bool]
    /// Removes the item at `path` and everything inside it; returns what was removed.
    @discardableResult
    func deleteInboxTree(accountId: Int64, at path: String) async throws -> [InboxItem]
    /// Renames the item at `from`, and everything inside it, to `to` (whose place is free), with
    /// the locks on them gone, in one write.
    func moveInboxTree(accountId: Int64, from: String, to: String, now: Int64) async throws
    /// How many bytes an account's inbox holds.
    func inboxUsage(accountId: Int64) async throws -> Int64
    /// Whether any inbox item keeps its bytes as the blob with this SHA-256.
    func inboxBlobInUse(sha256: String) async throws -> Bool
    /// The inbox items of an account whose name (last segment) starts with `stem` followed by a
    /// dot, in the folder `parent`: a Live Photo's still or clip that came first.
    func inboxSiblings(accountId: Int64, in parent: String, stem: String) async throws -> [InboxItem]

    /// The live locks of an account's inbox on `path`, on a folder it is in, or inside it.
    func davLocks(accountId: Int64, touching path: String, now: Int64) async throws -> [DavLock]
    /// The live lock with this token.
    func davLock(token: String, now: Int64) async throws -> DavLock?
    /// Adds a lock unless a live one conflicts with it (an exclusive either way, on the path,
    /// above it reaching it, or inside it when the new one is deep), in one write; says whether
    /// it was added.
    func addDavLock(_ lock: DavLock, now: Int64) async throws -> Bool
    /// Gives a lock a new expiry.
    func refreshDavLock(token: String, timeout: Int64, expiresAt: Int64) async throws
    /// Removes a lock; says whether there was one.
    @discardableResult
    func removeDavLock(token: String) async throws -> Bool
}
