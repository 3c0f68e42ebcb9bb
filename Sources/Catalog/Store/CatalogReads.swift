/// What the gallery's handlers read photos, files and groups through: a view of the catalog for
/// one audience at a time (`ScopedCatalog`), and nothing else, so a handler cannot read the
/// catalog unscoped by accident.
public struct CatalogReads: Sendable {
    private let catalog: any PhotoCatalog

    /// Reads of `catalog`, handed out by audience.
    public init(_ catalog: any PhotoCatalog) { self.catalog = catalog }

    /// The catalog as `audience` may read it.
    public func view(for audience: Audience) -> ScopedCatalog { ScopedCatalog(catalog, for: audience) }

    /// The catalog's version, which what is kept of pages is keyed on.
    public var version: Int { catalog.version }

    /// The files a scan could not read, for the scan page: the library's own list, not a read
    /// of photos (it names files by where they lie).
    public func scanIssues() async throws -> [ScanIssue] { try await catalog.scanIssues() }

    /// The whole catalog, every private photo included: for the server's own work (what an
    /// upload filed, whether its content is kept already), never for what anyone is shown.
    /// Spelled out where it is used, and rare.
    public var everythingForServerWork: ScopedCatalog { view(for: .household(viewer: .guest, sight: .everything)) }
}
