import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The only writes Photolala makes into a library: adding uploads (and, in the trash code,
/// moving files out). Each write is all-or-nothing and never overwrites a file.
extension LocalFolderSource {
    /// The current size and mtime of the file at `key`, or nil when there is none.
    public func entry(forKey key: String) -> SourceEntry? {
        guard let path = localPath(forKey: key) else { return nil }
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return SourceEntry(key: key, size: Int64(st.st_size),
                           mtimeNs: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }

    /// Whether the library folder exists and can be listed (see `rootProblem()` for why not).
    public func isReachable() -> Bool { rootProblem() == nil }

    /// Whether files can be added to or moved out of the library: false on a read-only mount
    /// or a folder this process may not write.
    public func isWritable() -> Bool {
        guard let realRoot = Self.realPath(root) else { return false }
        var fs = statvfs()
        if statvfs(realRoot, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 { return false }
        return access(realRoot, W_OK) == 0
    }

    /// Moves a finished file into `folder` (a key prefix, created if needed) as `name`, or as
    /// `name (2)`, `name (3)`… when that is taken. Returns the new key. Never overwrites, and a
    /// failure leaves nothing behind in the library.
    public func place(stagedFile: String, folder: String, name: String) throws -> String {
        guard SourceKey.isValid(folder + "/" + name), let realRoot = Self.realPath(root) else {
            throw SourceError.unavailable("The upload folder or file name is not valid.")
        }
        let directory = realRoot + "/" + folder
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SourceError.unavailable("The folder \(folder) could not be created in the library.")
        }
        guard let realDirectory = Self.realPath(directory), realDirectory.hasPrefix(realRoot + "/") else {
            throw SourceError.unavailable("The upload folder leads outside the library.")
        }
        // A hidden temporary name in the target folder: scans skip it, and linking from it is atomic.
        let temporary = realDirectory + "/.photolala-upload-" + UUID().uuidString
        do {
            if rename(stagedFile, temporary) != 0 {
                try FileManager.default.copyItem(atPath: stagedFile, toPath: temporary)
            }
            try Self.flush(temporary)
        } catch {
            unlink(temporary)
            throw SourceError.unavailable("The file could not be written to the library (is the disk full?).")
        }
        defer { unlink(temporary) }
        let (stem, ext) = Self.split(name)
        for n in 1...1000 {
            let candidate = n == 1 ? name : "\(stem) (\(n))\(ext)"
            let target = realDirectory + "/" + candidate
            if link(temporary, target) == 0 { return folder + "/" + candidate }
            if errno == EEXIST { continue }
            // File systems without hard links: check-then-rename is the best they allow.
            if access(target, F_OK) != 0, rename(temporary, target) == 0 { return folder + "/" + candidate }
            if access(target, F_OK) == 0 { continue }
            throw SourceError.unavailable("The file could not be added to the library.")
        }
        throw SourceError.unavailable("Too many files called \(name) in \(folder).")
    }

    private static func flush(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw SourceError.unavailable("open failed") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw SourceError.unavailable("fsync failed") }
    }

    private static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
