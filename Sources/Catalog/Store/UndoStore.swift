import Foundation

/// What a many-photo action changed, kept for a short while so it can be put back exactly: the
/// state before, of just the photos and just the part of their curation the action touched.
public enum UndoStep: Codable, Sendable, Equatable {
    /// Favorites of one viewer (`favorite.userId`): these photos go back to `on`.
    case favorites(userId: Int64, photoIds: [Int64], on: Bool)
    /// Each photo's stars, and whether they were the household's or the file's.
    case ratings([RatingState])
    /// For each tag name, whether each photo carried it (and from where) and had it removed here.
    case tags([TagSnapshot])
    /// Whether each photo was in the album, and where.
    case album(id: Int64, [AlbumState])
    /// Trash items the action made: undone by restoring them (the source moves the files back).
    case trash(ids: [Int64])

    public struct RatingState: Codable, Sendable, Equatable {
        public var photoId: Int64
        public var rating: Int
        public var setByUser: Bool
    }

    public struct TagSnapshot: Codable, Sendable, Equatable {
        public var name: String
        public var states: [TagState]
    }

    public struct TagState: Codable, Sendable, Equatable {
        public var photoId: Int64
        /// nil when the photo did not carry the tag; otherwise whether it came from the file.
        public var fromFile: Bool?
        /// Whether the tag was on the photo's list of tags removed here.
        public var removed: Bool
    }

    public struct AlbumState: Codable, Sendable, Equatable {
        public var photoId: Int64
        /// nil when the photo was not in the album.
        public var position: Int64?
        public var addedAt: Int64?
    }
}

/// Which part of their curation an action is about to change, for `UndoStore.undoStep`.
public enum UndoAspect: Sendable, Equatable {
    case favorites(Viewer, becoming: Bool)
    case ratings
    case tags([String])
    case album(id: Int64)
}

/// An undo kept for its holder: who may use it, what it puts back, and what was done.
public struct UndoRecord: Sendable, Equatable {
    /// How long an action can be undone.
    public static let lifetime: TimeInterval = 15 * 60

    /// The account that acted; nil for a guest.
    public var accountId: Int64?
    /// What the action said it did, for the line after the undo.
    public var label: String
    /// The page the action returned to, where the undo returns too.
    public var back: String
    public var step: UndoStep
    public var createdAt: Date

    public init(accountId: Int64?, label: String, back: String, step: UndoStep, createdAt: Date) {
        (self.accountId, self.label, self.back, self.step, self.createdAt) = (accountId, label, back, step, createdAt)
    }
}

/// Undo for many-photo actions: the state before is read, kept under a token's hash for
/// `UndoRecord.lifetime`, and put back once at most.
public protocol UndoStore: Sendable {
    /// The state before an action of `aspect` on these photos.
    func undoStep(before aspect: UndoAspect, photoIds: [Int64]) async throws -> UndoStep
    /// Puts back a step's state in one transaction (not `.trash`, which needs the source);
    /// returns how many photos it changed.
    @discardableResult
    func apply(_ step: UndoStep) async throws -> Int
    /// Keeps an undo under the hash of its token; forgets those older than `UndoRecord.lifetime`.
    func keepUndo(_ record: UndoRecord, tokenHash: String) async throws
    /// The undo kept under this hash, left in place, so its caller can be checked before anything
    /// is spent; nil when unknown or expired.
    func undo(tokenHash: String, now: Date) async throws -> UndoRecord?
    /// The undo kept under this hash, taken away so it runs once; nil when unknown or expired.
    func takeUndo(tokenHash: String, now: Date) async throws -> UndoRecord?
}
