import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The trash of a folder library: files are moved (never copied and left) to `trashFolder/<trash
/// key>`, and back; folders a move empties in the trash are removed.
extension LocalFolderSource {
    public func moveToTrash(_ key: String, as trashKey: String) async throws {
        guard SourceKey.isValid(trashKey) else { throw SourceError.unavailable("“\(trashKey)” is not a valid trash key.") }
        guard let from = resolve(key), Self.fileEntry(atPath: from, key: key) != nil else { throw SourceError.notFound(key) }
        let (to, trash) = (trashFolder + "/" + trashKey, trashFolder)
        try await pool.run {
            // What waits in the trash may be someone's private photo: the trash is the server's user's alone.
            try OwnerOnly.folder(trash)
            try FileMover.move(from: from, to: to, naming: trashKey)
        }
    }

    public func restore(fromTrash trashKey: String, to key: String) async throws -> SourceEntry {
        guard SourceKey.isValid(key) else { throw SourceError.unavailable("“\(key)” is not a valid place in the library.") }
        guard let from = trashPath(trashKey), Self.fileEntry(atPath: from, key: trashKey) != nil else { throw SourceError.notFound(trashKey) }
        return try await pool.run { [self] in
            guard let realRoot = Self.realPath(root) else { throw SourceError.unavailable("The library folder \(root) does not exist.") }
            let folder = SourceKey.folder(of: key)
            let directory = folder.isEmpty ? realRoot : realRoot + "/" + folder
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw SourceError.unavailable("The file could not be moved (is the library read-only?).")
            }
            // A folder on the way may have become a link since: the file never lands outside the library.
            guard let realDirectory = Self.realPath(directory),
                  realDirectory == realRoot || realDirectory.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
                throw SourceError.unavailable("The file’s folder now leads outside the library.")
            }
            let to = realDirectory + "/" + SourceKey.name(of: key)
            try FileMover.move(from: from, to: to, naming: key)
            Self.removeEmptyFolders(from: SourceKey.folder(of: from), upTo: trashFolder)
            guard let entry = Self.fileEntry(atPath: to, key: key) else { throw SourceError.notFound(key) }
            return entry
        }
    }

    public func deleteFromTrash(_ trashKey: String) async throws {
        guard let path = trashPath(trashKey) else { throw SourceError.unavailable("“\(trashKey)” is not a valid trash key.") }
        try await pool.run { [trashFolder] in
            if unlink(path) != 0 && errno != ENOENT {
                throw SourceError.unavailable("The trashed file could not be deleted (\(String(cString: strerror(errno)))).")
            }
            Self.removeEmptyFolders(from: SourceKey.folder(of: path), upTo: trashFolder)
        }
    }

    public func trashEntry(_ trashKey: String) async throws -> SourceEntry? {
        trashPath(trashKey).flatMap { Self.fileEntry(atPath: $0, key: trashKey) }
    }

    public func trashedFile(_ trashKey: String) async throws -> LocalFile? {
        guard let path = trashPath(trashKey), let entry = Self.fileEntry(atPath: path, key: trashKey) else { return nil }
        return LocalFile(path: path, entry: entry)
    }

    /// Where a trash key lives, or nil when it is not a valid key.
    private func trashPath(_ trashKey: String) -> String? {
        SourceKey.isValid(trashKey) ? trashFolder + "/" + trashKey : nil
    }

    /// Removes `folder` and its parents while they are empty, stopping at `top` (kept). Folders
    /// already gone are passed over, so an interrupted emptying finishes cleanly.
    static func removeEmptyFolders(from folder: String, upTo top: String) {
        var current = folder
        while current.hasPrefix(top + "/") {
            if rmdir(current) != 0 && errno != ENOENT { return }
            current = SourceKey.folder(of: current)
        }
    }
}
