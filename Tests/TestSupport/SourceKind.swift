import Catalog
import ObjectStore

/// The photo sources the shared tests run against: a folder on disk, one in memory, and (when
/// `PHOTOLALA_TEST_S3_ENDPOINT` names a test S3 server, as scripts/test.sh arranges) a bucket.
public enum SourceKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case folder
    case memory
    case s3

    /// The kinds this run can test: `.s3` only with a test S3 server.
    public static var allCases: [SourceKind] { S3TestBucket.endpoint == nil ? [.folder, .memory] : [.folder, .memory, .s3] }

    public var description: String { rawValue }

    /// A new source of this kind: a folder source over `library` with its trash in `trashFolder`,
    /// an empty in-memory one, handed back typed too (`memory`) for tests that change it, or a
    /// source over a new empty bucket (`S3TestBucket` changes it).
    public func makeSource(library: String, trashFolder: String) throws -> (source: any PhotoSource, memory: InMemorySource?) {
        switch self {
        case .folder:
            return (LocalFolderSource(root: library, trashFolder: trashFolder), nil)
        case .memory:
            let memory = InMemorySource()
            return (memory, memory)
        case .s3:
            return (try S3TestBucket.makeSource(), nil)
        }
    }
}
