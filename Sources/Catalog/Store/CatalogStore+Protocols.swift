/// The GRDB catalog implements every store protocol.
extension CatalogStore: PhotoQueries, CurationStore, AccountStore, SessionStore, ShareStore, DeviceStore, TokenStore, IdentityStore, InboxStore, TrashStore, AlbumStore, UndoStore, PrivacyStore {}

extension CatalogStore: ScanBookkeeping {}

extension CatalogStore: PhotoCatalog {
    /// The catalog file's path.
    public var location: String { path }

    /// One process's file: its failed sign-ins are counted in that process, and it backs itself up.
    public var capabilities: CatalogCapabilities {
        CatalogCapabilities(sharedSignInThrottle: nil, file: path, backup: { [self] output in try await backup(to: output) },
                            service: CatalogIntegrityWatch(integrity: database.integrity))
    }

    /// Runs `scan`: a SQLite catalog is one process's, whose scanner runs one scan at a time.
    public func exclusiveScan(_ scan: @Sendable () async throws -> Void) async throws -> Bool {
        try await scan()
        return true
    }

    /// Nothing: only this process moves this catalog's files, and a move it left is settled at its next start.
    public func settleAbandonedTrashMoves(source: any PhotoSource) async throws -> Int { 0 }

    /// Nothing: no other process serves this catalog.
    public func announceForgottenRenditions(_ hashes: Set<String>) {}

    /// A stream that ends at once: no other process serves this catalog.
    public func forgottenRenditions() -> AsyncStream<Set<String>> { AsyncStream { $0.finish() } }
}
