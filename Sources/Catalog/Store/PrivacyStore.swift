import Foundation

/// Private photos: a photo (and the rest of its shot), a folder or an album a member keeps to
/// themselves. What each viewer may see is decided by one value, `Hiding`, made from the
/// viewer's `Sight` and the catalog's `PrivateIndex`; every read that shows photos takes one.
public protocol PrivacyStore: Sendable {
    /// Who holds what privately, at the catalog's version.
    func privateIndex() async throws -> PrivateIndex
    /// Makes these photos (and their shots' other files) private to `owner` where they are the
    /// household's, or the household's again where they are `owner`'s; says how many changed.
    func setPrivate(photoIds: [Int64], owner: Int64, _ isPrivate: Bool) async throws -> Int
    /// Makes a folder private to `owner`: its photos now and every photo that arrives in or below
    /// it later; or makes it and its photos the household's again. Says how many photos changed.
    func setFolderPrivate(path: String, owner: Int64, _ isPrivate: Bool) async throws -> Int
    /// Makes an album private to `owner` (hidden from everyone else, its photos private, now and
    /// as they are added), or the household's again with its photos. Says how many photos changed.
    func setAlbumPrivate(id: Int64, owner: Int64, _ isPrivate: Bool) async throws -> Int
}

extension PrivacyStore {
    /// What `sight` must not be shown at the catalog's version.
    public func hiding(_ sight: Sight) async throws -> Hiding {
        Hiding(sight, try await privateIndex())
    }
}

/// Why a privacy change was refused, in words for the person who asked.
public enum PrivacyError: Error, Sendable, Equatable, CustomStringConvertible {
    case rootFolder
    case unknownFolder
    case unknownAlbum
    case notYours(String)
    case insidePrivateFolder(String)

    public var description: String {
        switch self {
        case .rootFolder: "The whole library can’t be private: make its folders private instead."
        case .unknownFolder: "There is no such folder (it may have been moved or removed)."
        case .unknownAlbum: "There is no such album (it may have been deleted)."
        case .notYours(let what): "\(what) is kept private by someone else, and only they can change it."
        case .insidePrivateFolder(let folder): "This folder is inside “\(folder)”, which is private: make that one the household’s again instead."
        }
    }
}

/// Every private photo, folder and album of the catalog at one version, with their owners: few
/// in a household, read down the partial index on `photo.privateTo`.
public struct PrivateIndex: Sendable, Equatable {
    /// Private photos by id, with their owners.
    public var photos: [Int64: Int64] = [:]
    /// The same by content hash (renditions are named by it).
    public var hashes: [String: Int64] = [:]
    /// Where each private photo's listed files are: its owner and the file's folder.
    public var listedFiles: [(owner: Int64, folder: String)] = []
    /// Private folders by path, with their owners.
    public var folders: [String: Int64] = [:]
    /// Private albums by id, with their owners.
    public var albums: [Int64: Int64] = [:]

    /// Every owner holding something, and what tells this index from another in cache keys: both
    /// made once, when the index is read (`sealed`), not by each request that asks it.
    private(set) var owners: Set<Int64> = []
    private(set) var fingerprint = 0
    /// How many listed files of each owner's private photos each folder holds directly.
    private(set) var byFolder: [String: [Int64: Int]] = [:]

    public init() {}

    /// The index with its owners and fingerprint made.
    func sealed() -> PrivateIndex {
        var index = self
        index.owners = Set(photos.values).union(folders.values).union(albums.values)
        for file in listedFiles { index.byFolder[file.folder, default: [:]][file.owner, default: 0] += 1 }
        var hasher = Hasher()
        for (id, owner) in photos.sorted(by: { $0.key < $1.key }) { hasher.combine(id); hasher.combine(owner) }
        for (path, owner) in folders.sorted(by: { $0.key < $1.key }) { hasher.combine(path); hasher.combine(owner) }
        for (id, owner) in albums.sorted(by: { $0.key < $1.key }) { hasher.combine(id); hasher.combine(owner) }
        index.fingerprint = hasher.finalize()
        return index
    }

    /// Whether a folder is shown to `sight`: neither it nor a folder above it is private to someone else.
    public func shows(folder path: String, to sight: Sight) -> Bool {
        owner(ofFolder: path).map(sight.sees(privateTo:)) ?? true
    }

    /// The owner of the deepest private folder at or above `path`, if any.
    public func owner(ofFolder path: String) -> Int64? {
        guard !folders.isEmpty else { return nil }
        var current = path
        while true {
            if let owner = folders[current] { return owner }
            guard !current.isEmpty else { return nil }
            current = current.lastIndex(of: "/").map { String(current[..<$0]) } ?? ""
        }
    }

    public static func == (a: PrivateIndex, b: PrivateIndex) -> Bool {
        a.fingerprint == b.fingerprint && a.photos == b.photos && a.hashes == b.hashes && a.folders == b.folders && a.albums == b.albums
            && a.listedFiles.elementsEqual(b.listedFiles, by: { $0 == $1 })
    }
}

/// What one viewer must not be shown at one catalog version: every photo, folder and album private
/// to an account other than theirs (all of them for guests and share links), or nothing. Pages,
/// counts, covers, downloads and renditions all ask it, and caches key on it.
public struct Hiding: Hashable, Sendable {
    /// The account whose private photos stay visible (-1: none); nil when nothing is hidden.
    let visibleOwner: Int64?
    /// The index it was made from, shared with every viewer.
    private let index: PrivateIndex?
    /// Tells indexes apart in cache keys.
    private let fingerprint: Int

    /// Nothing hidden: a household without private photos, or an admin who sees them.
    public static let nothing = Hiding(visibleOwner: nil, index: nil, fingerprint: 0)

    private init(visibleOwner: Int64?, index: PrivateIndex?, fingerprint: Int) {
        (self.visibleOwner, self.index, self.fingerprint) = (visibleOwner, index, fingerprint)
    }

    public init(_ sight: Sight, _ index: PrivateIndex) {
        let hidesSome: Bool = switch sight {
        case .everything: false
        case .publicOnly: !index.owners.isEmpty
        case .owner(let id): index.owners.contains { $0 != id }
        }
        guard hidesSome else {
            self = .nothing
            return
        }
        self.init(visibleOwner: sight.visibleOwner, index: index, fingerprint: index.fingerprint)
    }

    public var isEmpty: Bool { visibleOwner == nil }

    private func hides(owner: Int64?) -> Bool {
        guard let owner, let visibleOwner else { return false }
        return owner != visibleOwner
    }

    /// Whether the photo with this id is hidden.
    public func hides(photoId: Int64) -> Bool { hides(owner: index?.photos[photoId]) }
    /// Whether the picture with these bytes is hidden.
    public func hides(sha256: String) -> Bool { hides(owner: index?.hashes[sha256]) }
    /// Whether the album is hidden.
    public func hides(albumId: Int64) -> Bool { hides(owner: index?.albums[albumId]) }
    /// Whether the folder (or one above it) is hidden.
    public func hides(folder path: String) -> Bool { hides(owner: index?.owner(ofFolder: path)) }

    /// How many hidden photos' listed files lie directly in `path`, and at any depth below it.
    func hiddenFiles(in path: String) -> (direct: Int, total: Int) {
        guard let index, !isEmpty else { return (0, 0) }
        var direct = 0, total = 0
        for (folder, owners) in index.byFolder where folder == path || path.isEmpty || folder.hasPrefix(path + "/") {
            let hidden = owners.reduce(0) { $0 + (hides(owner: $1.key) ? $1.value : 0) }
            total += hidden
            if folder == path { direct += hidden }
        }
        return (direct, total)
    }

    /// A condition keeping a photo out of a query when it is hidden, read from the photo's own
    /// `privateTo` (a column of a photo row the query reads anyway), with its argument; nil when
    /// nothing is hidden. What a page of 60 costs does not grow with how many photos are private.
    func rowCondition(_ privateTo: String) -> (sql: String, arguments: [any SQLArgument])? {
        guard let visibleOwner else { return nil }
        return ("(\(privateTo) IS NULL OR \(privateTo) = ?)", [visibleOwner])
    }

    /// A condition keeping the photo `photoId` (a column) out of a query when it is hidden, with
    /// its argument, as a set made once per statement: for a pass over a whole group down an
    /// index that holds the photo's id but not its row; nil when nothing is hidden.
    func photoCondition(_ photoId: String) -> (sql: String, arguments: [any SQLArgument])? {
        guard let visibleOwner else { return nil }
        return ("\(photoId) NOT IN (SELECT id FROM photo WHERE privateTo IS NOT NULL AND privateTo <> ?)", [visibleOwner])
    }

    /// The same for a file `fileId` (a column), read from file ids alone, so a folder's pages
    /// still walk its own index.
    func fileCondition(_ fileId: String) -> (sql: String, arguments: [any SQLArgument])? {
        guard let visibleOwner else { return nil }
        return ("""
            \(fileId) NOT IN (SELECT hf.id FROM photo hp JOIN file hf ON hf.photoId = hp.id WHERE hp.privateTo IS NOT NULL AND hp.privateTo <> ?)
            """, [visibleOwner])
    }

    public static func == (a: Hiding, b: Hiding) -> Bool { a.visibleOwner == b.visibleOwner && a.fingerprint == b.fingerprint }
    public func hash(into hasher: inout Hasher) { hasher.combine(visibleOwner); hasher.combine(fingerprint) }
}
