/// Lists photos by opaque keys and says where their bytes can be read.
///
/// Nothing above a source knows whether a key is a path.
public protocol PhotoSource: Sendable {
    /// A short human description of where the photos live, for messages.
    var displayName: String { get }
    /// Walks the whole source. Throws `SourceError.unavailable` when the source itself cannot be read.
    func list() throws -> SourceListing
    /// A local file path holding the bytes of `key`, or nil when the key is invalid or outside the source.
    func localPath(forKey key: String) -> String?
    /// The item's size and modification time now, or nil when it is not there.
    func entry(forKey key: String) -> SourceEntry?
}

/// Why a source could not be read.
public enum SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The root is missing, not a folder, or not readable.
    case unavailable(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): return reason
        }
    }
}
