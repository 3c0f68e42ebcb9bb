import Imaging

/// Curation written back to XMP sidecars beside the files, and sidecars read back (`XMPSidecar`):
/// each sidecar's state as Photolala last wrote or read it, the photos whose curation changed
/// since, and what a sidecar changed elsewhere says, put into the catalog.
public protocol SidecarStore: Sendable {
    /// The state of each of these sidecars as last written or read, by key; nil for every one when `keys` is nil.
    func sidecarStates(keys: [String]?) async throws -> [String: FileState]
    /// Records sidecars as just written or read.
    func recordSidecars(_ states: [String: FileState]) async throws
    /// Forgets sidecars the walk no longer finds.
    func forgetSidecars(keys: [String]) async throws
    /// Up to `limit` photos after `after` (by id) whose curation changed since their sidecars were
    /// written, with what to write and where, and the mark each was read at.
    func pendingSidecars(after: Int64, limit: Int) async throws -> [SidecarWork]
    /// Stops waiting for photos whose sidecars are written, unless they changed again (their mark moved on).
    func finishSidecars(_ written: [SidecarWork]) async throws
    /// Forgets every photo waiting (sidecars are not written).
    func clearPendingSidecars() async throws
    /// Marks every photo that carries curation, so that each gets its sidecars; returns how many.
    @discardableResult
    func markCuratedPhotosForSidecars() async throws -> Int
    /// Puts what a sidecar says into the photo of the file at `key`; nil when no file has that key.
    func applySidecar(_ curation: XMPSidecar.Curation, toFileAt key: String) async throws -> SidecarApplied?
}

/// A photo whose sidecars are to be written: its files' keys and its curation.
public struct SidecarWork: Sendable, Equatable {
    public var photoId: Int64
    public var mark: Int64
    public var keys: [String]
    public var fileOrientation: Int
    public var curation: XMPSidecar.Curation
}

/// What putting a sidecar into the catalog changed: the names of the properties, and whether
/// they replaced changes made here that had not been written to the sidecar yet (a conflict).
public struct SidecarApplied: Sendable, Equatable {
    public var photoId: Int64
    public var changed: [String]
    public var conflict: Bool
}
