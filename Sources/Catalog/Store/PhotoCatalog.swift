import Foundation

/// A whole catalog as the gallery and the command line use it: every store protocol, the
/// library it belongs to and the scan's bookkeeping. `CatalogStore` keeps it in a SQLite file
/// for one process; `PostgresCatalog` keeps it in a PostgreSQL database that several instances
/// share.
public protocol PhotoCatalog: PhotoQueries, CurationStore, AccountStore, SessionStore, ShareStore, DeviceStore, TokenStore, IdentityStore, InboxStore, TrashStore, AlbumStore, UndoStore, PlaceStore, PrivacyStore,
    LikenessStore, SidecarStore, ScanBookkeeping {
    /// Where the catalog lives, for messages: a file's path, or a database's address without its password.
    var location: String { get }
    /// What it can do besides (a shared sign-in throttle, a backup to a file, the file it is).
    var capabilities: CatalogCapabilities { get }
    /// This catalog's library record.
    func libraryRecord() async throws -> LibraryRecord
    /// Records `library` as this catalog's library when none is yet, and throws `LibraryMismatch`
    /// (changing nothing) when the catalog belongs to another one.
    @discardableResult
    func bindLibrary(_ library: String) async throws -> LibraryRecord
    /// Records a new place for a library that moved; every star, tag and favorite stays.
    func moveLibrary(to library: String) async throws
    /// Hashes of content probed again since the last call, whose renditions were made from what
    /// was read before; each is handed out once.
    func takeStaleRenditions() async throws -> Set<String>
    /// Makes today's safety copy where the catalog keeps its own (a SQLite file's daily copies);
    /// a database server's catalog is backed up with the server's own tools, and does nothing here.
    func dailyBackup(now: Date, keep: Int) async throws
    /// Runs `scan` unless another process is scanning this catalog's library, and says whether it
    /// ran. One process scans at a time: with SQLite there is only one; PostgreSQL instances
    /// take a lock that the database drops if the process holding it dies.
    func exclusiveScan(_ scan: @Sendable () async throws -> Void) async throws -> Bool
    /// Settles trash moves another process left half-done (it was stopped between their steps)
    /// while this one serves, and says how many; the scanner calls it in its exclusive section.
    /// A SQLite catalog is one process's, whose moves are settled as it starts: nothing to do.
    func settleAbandonedTrashMoves(source: any PhotoSource) async throws -> Int
    /// Tells the other processes serving this catalog that these pictures' renditions must go
    /// (their content was destroyed, or read wrongly before), so none serves a copy it kept.
    /// Nothing to tell for a catalog only one process uses.
    func announceForgottenRenditions(_ hashes: Set<String>)
    /// The pictures whose renditions another process said must go, as it says them; for one
    /// reader. A catalog only one process uses never yields.
    func forgottenRenditions() -> AsyncStream<Set<String>>
}

/// Why a file that crashed its reader is listed among the scan's unreadable files.
public let stoppedTheReaderReason = "it stopped the reader (the process died while reading it); skipped until the file changes"

extension ScanBookkeeping {
    /// Marks the library files whose reads never finished as unreadable, so the scan skips them
    /// (as long as their size and modification time are unchanged) and no page renders them.
    /// Returns what was marked; uploads are left to the caller, which discards their staging.
    @discardableResult
    public func markStoppedReaders(_ reads: [ReadJournal.Interrupted], now: Date = Date()) async throws -> [ReadJournal.Interrupted] {
        let files = reads.filter { $0.kind != .upload }
        guard !files.isEmpty else { return [] }
        // Durable: the journal that named them is cleared next, and the mark is all that is left.
        try await apply(files.map { .failed($0.entry, reason: stoppedTheReaderReason) }, now: now, newKeys: false, durable: true)
        return files
    }
}
