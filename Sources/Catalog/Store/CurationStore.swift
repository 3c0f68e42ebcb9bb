/// What people say about photos: favorites, stars and tags, kept on the photo (content
/// identity) so they survive moves and copies.
public protocol CurationStore: Sendable {
    /// The photo behind a file key.
    func photoId(forKey key: String) async throws -> Int64?
    /// Marks or unmarks a favorite for one viewer; repeating the same request changes nothing.
    func setFavorite(photoId: Int64, viewer: Viewer, _ favorite: Bool) async throws
    /// Sets the household's stars, 0 (none) to 5; throws `CurationError.invalidRating` otherwise.
    func setRating(photoId: Int64, _ rating: Int) async throws
    /// Adds tags (already clean names) to a photo.
    func addTags(photoId: Int64, _ names: [String]) async throws
    /// Removes a tag from a photo, and remembers it so a re-import from the file does not bring it back.
    func removeTag(photoId: Int64, _ name: String) async throws

    // Many photos at once: each call is one transaction, and says how many photos it changed.

    /// Marks or unmarks many photos as one viewer's favorites.
    func setFavorite(photoIds: [Int64], viewer: Viewer, _ favorite: Bool) async throws -> Int
    /// Gives many photos the same stars, 0 to 5.
    func setRating(photoIds: [Int64], _ rating: Int) async throws -> Int
    /// Adds tags to many photos; counts the photos that gained one.
    func addTags(photoIds: [Int64], _ names: [String]) async throws -> Int
    /// Removes a tag from many photos (remembered, as for one); counts the photos that lost it.
    func removeTag(photoIds: [Int64], _ name: String) async throws -> Int
}
