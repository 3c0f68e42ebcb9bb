import Foundation

/// Renditions kept where every instance serving a library finds them (`--cache`): one instance
/// makes a thumbnail or a playable video, the others copy it rather than make it again. Each
/// instance still keeps the renditions it serves in its own data folder; this is the store behind
/// those folders. A rendition's name is its path under the data folder
/// (`thumbnails/ab/<sha256>-360.jpg`, `playable/ab/<sha256>.mp4`), and its bytes depend only on
/// its name, so two instances storing one name at once store the same bytes.
///
/// Two implementations: `FolderRenditionStore` (a folder every instance mounts) and, in
/// ObjectStore, `S3RenditionStore` (a bucket prefix).
public protocol SharedRenditionStore: Sendable {
    /// Where the renditions are, for logs and messages (`s3://bucket/renditions`, a folder's path).
    var displayName: String { get }

    /// Why the store cannot be used just now (unreachable, refused), or nil.
    func unavailableReason() async -> String?

    /// Copies the rendition `name` to the file `path`, written under a temporary name beside it
    /// and renamed in when whole; false when the store has no such rendition.
    func fetch(_ name: String, to path: String) async throws -> Bool

    /// Stores the file at `path` as the rendition `name`, replacing any there; a reader never
    /// sees it half-written.
    func store(_ name: String, from path: String) async throws

    /// Removes every rendition whose name starts with one of `prefixes` (the renditions of content
    /// destroyed, or read wrongly before); none there is no error.
    func remove(namesStartingWith prefixes: [String]) async throws
}

extension SharedRenditionStore {
    /// Whether `name` may name a rendition: a clean relative path.
    public static func isValidName(_ name: String) -> Bool { SourceKey.isValid(name) && !SourceKey.name(of: name).hasPrefix(".") }
}
