/// Why a source could not do what was asked.
public enum SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The root is missing, not a folder, or not readable; or an operation failed, with the reason.
    case unavailable(String)
    /// There is no item (or trashed item) with this key, or the key is not valid.
    case notFound(String)
    /// Something already exists where the item would go; nothing was overwritten.
    case alreadyExists(String)
    /// The source cannot watch for changes.
    case cannotWatch(String)

    public var description: String {
        switch self {
        case .unavailable(let reason), .cannotWatch(let reason): return reason
        case .notFound(let key): return "There is no “\(key)” in the library."
        case .alreadyExists: return "A file already exists where this one would go."
        }
    }
}
