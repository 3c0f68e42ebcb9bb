import ServiceLifecycle

/// What a catalog can do besides `PhotoCatalog`, said by the catalog itself, so that no caller
/// asks which kind it is.
public struct CatalogCapabilities: Sendable {
    /// Where failed sign-ins are counted so that every instance sees them; nil keeps them in this
    /// process's memory (`MemorySignInThrottle`).
    public var sharedSignInThrottle: (any SignInThrottleStore)?
    /// The file the catalog is, when it is one (SQLite in a data folder).
    public var file: String?
    /// Writes a consistent, checked copy of the catalog to a file; nil where the database's own
    /// tools do that (PostgreSQL: `pg_dump`).
    public var backup: (@Sendable (String) async throws -> Void)?
    /// What the catalog runs beside a server, in its service group: a shared catalog hears the
    /// other instances' changes there, and closes its connections once the server has stopped
    /// (the group ends its services in the reverse of their order). nil for a catalog that needs
    /// nothing running.
    public var service: (any Service)? = nil
}

/// Why a catalog did not answer, for the page that says so; either catalog's errors.
public enum CatalogFailure: Sendable, Equatable {
    /// Its disk is full or failing: nothing was written.
    case storage
    /// Its database could not be reached: nothing was read or written; try again.
    case unreachable

    /// The failure `error` stands for, or nil when it is none of these.
    public static func of(_ error: any Error) -> CatalogFailure? {
        if CatalogStore.isStorageFailure(error) { return .storage }
        if PostgresCatalog.isUnavailable(error) { return .unreachable }
        return nil
    }
}
