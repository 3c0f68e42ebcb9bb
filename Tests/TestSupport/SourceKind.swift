import Catalog

/// The photo sources the shared tests run against: a folder on disk and one in memory.
public enum SourceKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case folder
    case memory

    public var description: String { rawValue }

    /// A new source of this kind: a folder source over `library` with its trash in `trashFolder`,
    /// or an empty in-memory one, handed back typed too (`memory`) for tests that change it.
    public func makeSource(library: String, trashFolder: String) -> (source: any PhotoSource, memory: InMemorySource?) {
        switch self {
        case .folder:
            return (LocalFolderSource(root: library, trashFolder: trashFolder), nil)
        case .memory:
            let memory = InMemorySource()
            return (memory, memory)
        }
    }
}
