import Catalog

/// Questions the tests ask of a `SourceFetch`.
extension SourceFetch: CustomStringConvertible {
    /// Whether the source said the item is gone.
    public var isGone: Bool {
        if case .gone = self { return true }
        return false
    }

    /// Whether the source said the item could not be read now.
    public var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .file(let file): "file(\(file.entry.key))"
        case .gone: "gone"
        case .unavailable(let reason): "unavailable(\(reason))"
        }
    }
}
