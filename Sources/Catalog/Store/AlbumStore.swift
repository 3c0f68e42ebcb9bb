import Foundation

/// An album: a named set of photos in an order chosen by hand, kept on the photos (content
/// identity), so it survives moves and renames like every other curation.
public struct Album: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var description: String
    /// The cover's content hash: the chosen cover, else the album's first photo; nil when empty.
    public var cover: Picture?
    /// The chosen cover, if one was chosen.
    public var coverPhotoId: Int64?
    public var photoCount: Int
    /// Who made it (nil when the account is gone, or it was made from the command line).
    public var createdBy: String?
    public var createdAt: Int64
    /// The account it is private to; nil when it is the household's.
    public var privateTo: Int64?

    public init(id: Int64, name: String, description: String, cover: Picture?, coverPhotoId: Int64?, photoCount: Int,
                createdBy: String?, createdAt: Int64) {
        (self.id, self.name, self.description, self.cover, self.coverPhotoId, self.photoCount, self.createdBy, self.createdAt)
            = (id, name, description, cover, coverPhotoId, photoCount, createdBy, createdAt)
    }
}

/// Where a photo moves inside its album.
public enum AlbumMove: String, Sendable, CaseIterable { case up, down, top }

/// What can go wrong with an album, in words for the person.
public enum AlbumError: Error, Equatable, CustomStringConvertible {
    case invalidName
    case nameTaken(String)
    case unknownAlbum
    case notInAlbum
    case full

    public var description: String {
        switch self {
        case .invalidName: "An album needs a name of 1 to 100 characters."
        case .nameTaken(let name): "There is already an album called “\(name)”."
        case .unknownAlbum: "There is no such album (it may have been deleted)."
        case .notInAlbum: "That photo is not in this album."
        case .full: "An album holds at most \(AlbumRules.maxPhotos) photos."
        }
    }
}

/// The rules every album store keeps.
public enum AlbumRules {
    /// The most photos an album holds (its page index keeps every id, so its order needs no more).
    public static let maxPhotos = 10_000

    /// A clean name: trimmed, control characters gone, 1 to 100 characters; nil otherwise.
    public static func name(_ raw: String) -> String? {
        let cleaned = String(raw.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (1...100).contains(cleaned.count) ? cleaned : nil
    }

    /// A description: trimmed, at most 2,000 characters (longer is cut).
    public static func description(_ raw: String) -> String {
        String(raw.trimmingCharacters(in: .whitespacesAndNewlines).prefix(2_000))
    }
}

/// Albums: made, filled, arranged and removed by the household.
public protocol AlbumStore: Sendable {
    /// Every album `sight` may see (none private to someone else), by name; counts and covers
    /// leave out what it may not see.
    func albums(sight: Sight) async throws -> [Album]
    /// The album with this id, if `sight` may see it.
    func album(id: Int64, sight: Sight) async throws -> Album?
    /// The album of this name (compared without case), if any.
    func album(named name: String) async throws -> Album?
    /// The albums a photo is in that `sight` may see, by name.
    func albums(containing photoId: Int64, sight: Sight) async throws -> [Album]
    /// Makes an empty album; throws `AlbumError.invalidName` or `.nameTaken`.
    func createAlbum(name: String, description: String, createdBy accountId: Int64?, now: Date) async throws -> Album
    /// Renames and redescribes an album.
    func updateAlbum(id: Int64, name: String, description: String) async throws
    /// Removes an album (never its photos).
    func deleteAlbum(id: Int64) async throws
    /// Appends photos not yet in the album, in the order given, noting the share link they came
    /// through (nil: a person of the household) or the account that added them; returns how many were added.
    func addToAlbum(id: Int64, photoIds: [Int64], now: Date, throughShare shareId: Int64?, by accountId: Int64?) async throws -> Int
    /// Who added a photo to an album: an account's name, or a link's holders; nil when not known
    /// (added before this was kept, or by someone whose account is gone) or not in the album.
    func albumAdder(albumId: Int64, photoId: Int64) async throws -> Uploader?
    /// Who put each of these files' photos in the album, by file id (left out: added by no one known).
    func albumAdders(albumId: Int64, fileIds: [Int64]) async throws -> [Int64: Uploader]
    /// The content hashes of the album's photos that a share link's holders added.
    func photosAddedThroughShares(albumId: Int64) async throws -> Set<String>
    /// Takes photos out of the album; returns how many were in it.
    func removeFromAlbum(id: Int64, photoIds: [Int64]) async throws -> Int
    /// Moves a photo one place up or down, or to the top.
    func moveInAlbum(id: Int64, photoId: Int64, _ move: AlbumMove) async throws
    /// Moves a photo to just after (or before) another of the album's photos: where a drag left it.
    func placeInAlbum(id: Int64, photoId: Int64, nextTo otherId: Int64, after: Bool) async throws
    /// Chooses the album's cover among its photos (nil: its first photo).
    func setAlbumCover(id: Int64, photoId: Int64?) async throws
}

extension AlbumStore {
    /// Appends photos a person of the household chose.
    public func addToAlbum(id: Int64, photoIds: [Int64], now: Date) async throws -> Int {
        try await addToAlbum(id: id, photoIds: photoIds, now: now, throughShare: nil, by: nil)
    }

    /// Appends photos a person of the household (`accountId`, nil for a guest) chose.
    public func addToAlbum(id: Int64, photoIds: [Int64], now: Date, by accountId: Int64?) async throws -> Int {
        try await addToAlbum(id: id, photoIds: photoIds, now: now, throughShare: nil, by: accountId)
    }

    /// Appends photos a share link's holders sent.
    public func addToAlbum(id: Int64, photoIds: [Int64], now: Date, throughShare shareId: Int64?) async throws -> Int {
        try await addToAlbum(id: id, photoIds: photoIds, now: now, throughShare: shareId, by: nil)
    }
}
