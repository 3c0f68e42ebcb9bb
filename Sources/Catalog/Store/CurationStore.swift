import Imaging

/// What people say about photos: favorites, stars and tags, kept on the photo (content
/// identity) so they survive moves and copies.
public protocol CurationStore: Sendable {
    /// The photo behind a file key, if `sight` may see it (an action on a photo private to
    /// someone else finds nothing to act on).
    func photoId(forKey key: String, sight: Sight) async throws -> Int64?
    /// Marks or unmarks a favorite for one viewer; repeating the same request changes nothing.
    func setFavorite(photoId: Int64, viewer: Viewer, _ favorite: Bool) async throws
    /// Sets the household's stars, 0 (none) to 5; throws `CurationError.invalidRating` otherwise.
    func setRating(photoId: Int64, _ rating: Int) async throws
    /// Adds tags (already clean names) to a photo.
    func addTags(photoId: Int64, _ names: [String]) async throws
    /// Removes a tag from a photo, and remembers it so a re-import from the file does not bring it back.
    func removeTag(photoId: Int64, _ name: String) async throws

    /// Sets the household's caption of a photo (`CaptionText.clean`); an empty one removes it.
    func setCaption(photoId: Int64, _ text: String) async throws
    /// Turns a photo a quarter further (clockwise or anticlockwise) and says where it now stands;
    /// the file is never rewritten, every rendition follows. `CurationError.unknownPhoto` when gone.
    @discardableResult
    func rotate(photoId: Int64, clockwise: Bool) async throws -> Rotation

    /// Records who uploaded the photos of these files (an account, or a share link's holders)
    /// where no one is recorded yet: the first upload of a picture is its adder's.
    /// `device` names the device password a member's files came through (the WebDAV door).
    /// `waitingForDisk: false` only where a write that waits follows at once
    /// (`SQLDatabase.writeBriefly(waitingForDisk:)`).
    func recordUploader(keys: [String], account: Int64?, link: Int64?, device: String?, waitingForDisk: Bool) async throws

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

/// A caption as it is kept: trimmed, control characters other than line breaks gone, at most
/// 2,000 characters.
public enum CaptionText {
    public static let maxLength = 2_000

    public static func clean(_ raw: String) -> String {
        let kept = raw.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.filter { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F) }
        return String(String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespacesAndNewlines).prefix(maxLength))
    }
}

extension CurationStore {
    /// Records who uploaded these files' photos, through no device.
    public func recordUploader(keys: [String], account: Int64?, link: Int64?) async throws {
        try await recordUploader(keys: keys, account: account, link: link, device: nil, waitingForDisk: true)
    }
}
