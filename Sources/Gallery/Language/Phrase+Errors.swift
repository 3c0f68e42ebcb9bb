import Catalog
import SourceContract

/// What the catalog's refusals say to a person, in words the catalogs translate. The catalog
/// keeps its English `description` for logs and the command line; pages say these.
extension Phrase {
    init(_ error: CurationError) {
        switch error {
        case .invalidRating(let raw): self = Phrase("“\(raw)” is not a rating: use 0 (none) to 5 stars.")
        case .invalidTag(let reason):
            if reason.hasPrefix("Type a tag first") {
                self = Phrase("Type a tag first (several can be separated by commas).")
            } else {
                self = Phrase("Tags can be at most \(TagName.maxLength) characters.")
            }
        case .unknownPhoto: self = Phrase("This photo is not in the library (it may have been moved or removed).")
        case .alreadyInTrash(let key): self = Phrase("“\(key)” is already in the trash.")
        case .restoreTargetTaken(let key): self = Phrase("“\(key)” can’t be restored: another file now lives at that path. Move it away and try again.")
        case .unknownTrashItem: self = Phrase("That item is no longer in the trash.")
        case .fileOperationFailed: self = Phrase("The library’s file could not be changed just now; nothing was lost. Try again in a moment.")
        }
    }

    init(_ error: AlbumError) {
        switch error {
        case .invalidName: self = Phrase("An album needs a name of 1 to 100 characters.")
        case .nameTaken(let name): self = Phrase("There is already an album called “\(name)”.")
        case .unknownAlbum: self = Phrase("There is no such album (it may have been deleted).")
        case .notInAlbum: self = Phrase("That photo is not in this album.")
        case .full: self = Phrase("An album holds at most \(AlbumRules.maxPhotos) photos.")
        }
    }

    init(_ error: PrivacyError) {
        switch error {
        case .rootFolder: self = Phrase("The whole library can’t be private: make its folders private instead.")
        case .unknownFolder: self = Phrase("There is no such folder (it may have been moved or removed).")
        case .unknownAlbum: self = Phrase("There is no such album (it may have been deleted).")
        case .notYours: self = Phrase("This is kept private by someone else, and only they can change it.")
        case .insidePrivateFolder(let folder):
            self = Phrase("This folder is inside “\(folder)”, which is private: make that one the household’s again instead.")
        }
    }

    public init(_ error: AccountError) {
        switch error {
        case .invalidName: self = Phrase("An account name is 1 to 32 letters, digits, dots, dashes or underscores.")
        case .reservedName(let name): self = Phrase("“\(name)” names a folder of the WebDAV door (/dav/\(name)/): choose another name.")
        case .nameTaken(let name): self = Phrase("There is already an account called “\(name)”.")
        case .notFound(let name): self = Phrase("There is no account called “\(name)”.")
        case .lastAdmin: self = Phrase("This is the last admin account: make another admin first, so someone can still manage the gallery.")
        }
    }

    public init(_ error: SourceError) {
        switch error {
        case .unavailable, .cannotWatch: self = Phrase("The library cannot be read just now; nothing was changed. Try again in a moment.")
        case .notFound(let key): self = Phrase("There is no “\(key)” in the library.")
        case .alreadyExists: self = Phrase("A file already exists where this one would go.")
        }
    }
}
