/// How alike stills are (`Imaging.Likeness`, measured by the gallery in the background) and
/// the stacks of bursts made of it, folder by folder (`BurstStacks`).
public protocol LikenessStore: Sendable {
    /// Up to `limit` listed stills not measured yet, by id, each with a file to read it from.
    func unmeasuredPhotos(limit: Int) async throws -> [UnmeasuredPhoto]
    /// Writes what was measured; a still measured as nil could not be, and is not tried again
    /// while its bytes stand. The folders of the measured photos' files are stacked anew. New
    /// look-alikes change `PhotoQueries.likenessVersion` only, which the Similar collection's caches key on.
    func recordLikeness(_ measured: [MeasuredPhoto]) async throws
    /// Makes the stacks of up to `limit` folders marked as changed anew; returns how many it made.
    @discardableResult
    func restackPending(limit: Int) async throws -> Int
}

/// A still waiting to be measured, and the listed file it is read from.
public struct UnmeasuredPhoto: Sendable, Equatable {
    public var photoId: Int64
    public var key: String
    public var format: String
    public init(photoId: Int64, key: String, format: String) {
        (self.photoId, self.key, self.format) = (photoId, key, format)
    }
}

/// What measuring a still found: its hash and sharpness, or nil when it could not be measured.
public struct MeasuredPhoto: Sendable, Equatable {
    public var photoId: Int64
    public var hash: UInt64?
    public var sharpness: Double?
    public init(photoId: Int64, hash: UInt64?, sharpness: Double?) {
        (self.photoId, self.hash, self.sharpness) = (photoId, hash, sharpness)
    }
}
