import Foundation

/// Shared renditions in a folder every instance mounts (NFS, a shared volume): the same names as
/// the data folder's, each written under a temporary name and renamed in.
public struct FolderRenditionStore: SharedRenditionStore {
    public let root: String

    public init(root: String) { self.root = root }

    public var displayName: String { root }

    public func unavailableReason() async -> String? {
        if let problem = LocalFolderSource.folderProblem(root) { return "the rendition folder \(root) \(problem)" }
        guard access(root, W_OK) == 0 else { return "the rendition folder \(root) cannot be written by the user running Photolala" }
        return nil
    }

    public func fetch(_ name: String, to path: String) async throws -> Bool {
        guard Self.isValidName(name) else { throw SourceError.unavailable("“\(name)” is not a rendition's name.") }
        let from = root + "/" + name
        guard access(from, F_OK) == 0 else { return false }
        do {
            try Self.copyWhole(from, to: path)
            return true
        } catch CocoaError.fileReadNoSuchFile {
            return false  // removed between the look and the copy
        }
    }

    public func store(_ name: String, from path: String) async throws {
        guard Self.isValidName(name) else { throw SourceError.unavailable("“\(name)” is not a rendition's name.") }
        // Never made anew: a share that is not mounted must not fill the disk under its mount point.
        if let problem = LocalFolderSource.folderProblem(root) { throw SourceError.unavailable("The rendition folder \(root) \(problem).") }
        try Self.copyWhole(path, to: root + "/" + name)
    }

    public func remove(namesStartingWith prefixes: [String]) async throws {
        for prefix in prefixes where SourceKey.isValid(SourceKey.folder(of: prefix)) {
            let folder = root + "/" + SourceKey.folder(of: prefix)
            let start = SourceKey.name(of: prefix)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(start) && !name.hasPrefix(".") {
                unlink(folder + "/" + name)
            }
        }
    }

    /// Copies `from` to `to` through a temporary file beside `to`, renamed in when whole.
    static func copyWhole(_ from: String, to: String) throws {
        let folder = (to as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/.tmp-\(UUID().uuidString)"
        do {
            try FileManager.default.copyItem(atPath: from, toPath: temporary)
        } catch {
            unlink(temporary)
            if access(from, F_OK) != 0 { throw CocoaError(.fileReadNoSuchFile) }
            throw SourceError.unavailable("A rendition could not be copied to \(folder) (is the disk full?).")
        }
        guard rename(temporary, to) == 0 else {
            unlink(temporary)
            throw SourceError.unavailable("A rendition could not be stored in \(folder).")
        }
    }
}
