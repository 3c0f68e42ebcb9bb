import Logging

/// Where a catalog lives: the SQLite file in a data folder, or a PostgreSQL database that several
/// instances share. The one place a catalog is opened, for the server and every command.
public enum CatalogLocation: Sendable, Equatable {
    case dataFolder(String)
    case postgres(url: String)

    /// The PostgreSQL database `catalog` names, else the catalog in `dataFolder`.
    public init(catalog: String?, dataFolder: String) {
        self = catalog.map { .postgres(url: $0) } ?? .dataFolder(dataFolder)
    }

    /// Throws `CatalogError.invalidAddress` unless `url` is a usable PostgreSQL address.
    public static func checkAddress(_ url: String) throws { try PostgresCatalog.checkAddress(url) }

    /// The catalog here, brought to this version's schema (a data folder's catalog is made when
    /// there is none), as the protocol; what it can do besides is its `capabilities`. `check`
    /// says when a SQLite file is checked whole (a server's own service group runs the rest of
    /// a check made `.whileServing`); PostgreSQL keeps its own pages whole.
    public func open(logger: Logger = Logger(label: "photolala.catalog"), check: CatalogCheck = .beforeOpening) async throws -> any PhotoCatalog {
        switch self {
        case .dataFolder(let folder): try CatalogStore.open(dataFolder: folder, check: check)
        case .postgres(let url): try await PostgresCatalog.connect(url: url, logger: logger)
        }
    }
}
