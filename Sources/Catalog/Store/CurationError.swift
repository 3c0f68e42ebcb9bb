/// Why a curation change was refused, in words for the person who asked.
public enum CurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidRating(String)
    case invalidTag(String)
    case unknownPhoto
    case alreadyInTrash(String)
    case restoreTargetTaken(String)
    case unknownTrashItem
    case fileOperationFailed(String)

    public var description: String {
        switch self {
        case .invalidRating(let raw): return "“\(raw)” is not a rating: use 0 (none) to 5 stars."
        case .invalidTag(let reason): return reason
        case .unknownPhoto: return "This photo is not in the library (it may have been moved or removed)."
        case .alreadyInTrash(let key): return "“\(key)” is already in the trash."
        case .restoreTargetTaken(let key): return "“\(key)” can’t be restored: another file now lives at that path. Move it away and try again."
        case .unknownTrashItem: return "That item is no longer in the trash."
        case .fileOperationFailed(let what): return what
        }
    }
}
