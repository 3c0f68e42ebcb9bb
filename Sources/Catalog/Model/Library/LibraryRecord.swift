import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which library a catalog belongs to: a random id, and the folder recorded on first use.
public struct LibraryRecord: Sendable, Equatable {
    /// Made once per catalog, never changed (not even by a move).
    public let id: String
    /// The library's absolute path; nil until a scan or the server first uses the catalog.
    public let path: String?
    /// Some keys of files in the catalog, to tell whether a catalog with no recorded path fits a folder.
    public let sampleKeys: [String]

    /// A record as read from a catalog.
    public init(id: String, path: String?, sampleKeys: [String]) {
        self.id = id
        self.path = path
        self.sampleKeys = sampleKeys
    }

    /// Whether `library` may be used with this catalog: it is the recorded folder, or nothing is
    /// recorded and the catalog's files (if any) are found there.
    public func fits(_ library: String) -> Bool {
        if let path { return Self.samePlace(path, library) }
        guard !sampleKeys.isEmpty else { return true }
        let found = sampleKeys.filter { FileManager.default.fileExists(atPath: library + "/" + $0) }.count
        return found * 2 >= sampleKeys.count
    }

    /// Whether two absolute paths name the same folder, through symlinks when both exist.
    public static func samePlace(_ a: String, _ b: String) -> Bool {
        let plain = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        if plain(a) == plain(b) { return true }
        guard let realA = realpath(a, nil), let realB = realpath(b, nil) else { return false }
        defer { free(realA); free(realB) }
        return strcmp(realA, realB) == 0
    }
}

extension LibraryRecord {
    /// What is wrong with keeping the data folder `data` for `library`, or nil: it must not be
    /// inside the library, where the scan would take the catalog, thumbnails and trash for photos.
    public static func problem(data: String, library: String) -> String? {
        let resolved = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let (dataPath, libraryPath) = (resolved(data), resolved(library))
        guard dataPath == libraryPath || dataPath.hasPrefix(libraryPath == "/" ? "/" : libraryPath + "/") else { return nil }
        return "--data (\(data)) must not be inside the library (\(library)): the scan would take the catalog, thumbnails and trash "
            + "for photos. Choose a data folder outside it."
    }
}
