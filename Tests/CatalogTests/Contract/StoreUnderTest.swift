import Foundation
import Testing
import TestSupport
@testable import Catalog

/// Everything a catalog store implementation provides, as the contract suites use it.
typealias ContractStore = PhotoQueries & CurationStore & AccountStore & SessionStore & ShareStore & TrashStore & ScanBookkeeping & AlbumStore
    & UndoStore & PlaceStore & LikenessStore & SidecarStore & PrivacyStore & DeviceStore & TokenStore & IdentityStore & InboxStore

/// Every store implementation the contract suites run against. A new implementation (another
/// database) adds a case here and every contract test runs on it too.
enum StoreUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The GRDB store on a `DatabasePool` over a file, as served.
    case grdbFile
    /// The GRDB store on an in-memory `DatabaseQueue`.
    case grdbMemory
    /// The PostgreSQL catalog, in a new database on the test cluster (`PHOTOLALA_TEST_POSTGRES`,
    /// which scripts/test.sh starts).
    case postgres

    /// The kinds this run can test: `.postgres` only with a test cluster.
    static var allCases: [StoreUnderTest] { PostgresTestServer.adminURL == nil ? [.grdbFile, .grdbMemory] : [.grdbFile, .grdbMemory, .postgres] }

    var testDescription: String { rawValue }

    /// A new, empty store of this kind.
    func make() async throws -> OpenedStore {
        switch self {
        case .grdbFile:
            let folder = NSTemporaryDirectory() + "photolala-contract-\(UUID().uuidString)"
            return OpenedStore(store: try CatalogStore.open(dataFolder: folder), folder: folder)
        case .grdbMemory:
            return OpenedStore(store: try CatalogStore.inMemory(), folder: nil)
        case .postgres:
            // Alone on its database: an interrupted trash move is settled at once, as SQLite's is.
            return OpenedStore(store: try await PostgresCatalog.connect(url: try await PostgresTestServer.makeDatabase(), trashMoveGrace: .zero),
                               folder: nil)
        }
    }
}
