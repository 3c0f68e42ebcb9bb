/// What the gallery's handlers read photos, files and groups through: a view of the catalog for
/// one audience at a time (`ScopedCatalog`), and nothing else, so a handler cannot read the
/// catalog unscoped by accident.
public struct CatalogReads: Sendable {
    private let catalog: any PhotoQueries

    /// Reads of `catalog`, handed out by audience.
    public init(_ catalog: any PhotoQueries) { self.catalog = catalog }

    /// The catalog as `audience` may read it.
    public func view(for audience: Audience) -> ScopedCatalog { ScopedCatalog(catalog, for: audience) }
}
