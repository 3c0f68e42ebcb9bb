import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Adding uploads to the library: all-or-nothing, never overwriting a file.
extension LocalFolderSource {
    /// False on a read-only mount or a folder this process may not write.
    public func isWritable() async -> Bool {
        guard let realRoot = Self.realPath(root) else { return false }
        var fs = statvfs()
        if statvfs(realRoot, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 { return false }
        return access(realRoot, W_OK) == 0
    }

    public func writeSidecar(_ key: String, bytes: [UInt8]) async throws -> SourceEntry {
        try await pool.run { [self] in try replaceSidecar(key, bytes: bytes) }
    }

    /// `writeSidecar`, blocking: the bytes go to a hidden temporary name in the sidecar's folder
    /// (scans and the watcher skip it), are flushed, then renamed over the sidecar.
    private func replaceSidecar(_ key: String, bytes: [UInt8]) throws -> SourceEntry {
        guard SourceKey.isSidecar(key), let realRoot = Self.realPath(root) else {
            throw SourceError.unavailable("Only a sidecar (a name ending in .xmp) is written over.")
        }
        let folder = SourceKey.folder(of: key)
        guard let realDirectory = Self.realPath(folder.isEmpty ? realRoot : realRoot + "/" + folder),
              realDirectory == realRoot || realDirectory.hasPrefix(realRoot + "/") else {
            throw SourceError.notFound(key)
        }
        let target = realDirectory + "/" + SourceKey.name(of: key)
        var st = stat()
        if lstat(target, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            throw SourceError.unavailable("The sidecar \(key) is not a plain file; it is left as it is.")
        }
        let temporary = realDirectory + "/.photolala-sidecar-" + UUID().uuidString
        do {
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
                throw SourceError.unavailable("The sidecar \(key) could not be written (is the library writable?).")
            }
            try Self.flush(temporary)
            guard rename(temporary, target) == 0 else {
                throw SourceError.unavailable("The sidecar \(key) could not be put in place.")
            }
        } catch {
            unlink(temporary)
            throw error as? SourceError ?? SourceError.unavailable("The sidecar \(key) could not be written (is the disk full?).")
        }
        guard stat(target, &st) == 0 else { throw SourceError.notFound(key) }
        return SourceEntry(key: key, size: Int64(st.st_size), mtimeNs: st.mtimeNs)
    }

    public func add(stagedFile: String, folder: String, name: String) async throws -> String {
        try await pool.run { [self] in try place(stagedFile: stagedFile, folder: folder, name: name) }
    }

    /// `add`, blocking: the file goes to a hidden temporary name in the target folder (scans and
    /// the watcher skip it), is flushed, then linked under the first free name.
    private func place(stagedFile: String, folder: String, name: String) throws -> String {
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

    /// `("IMG_1", ".jpg")` for `"IMG_1.jpg"`: where `(2)` goes in a taken name.
    static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
