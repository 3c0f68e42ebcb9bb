#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// The recursive directory walk behind `LocalFolderSource`, with POSIX calls for speed and control.
struct FolderWalker {
    let realRoot: String
    /// How many threads `stat` a large folder's entries together. Reading an inode the kernel has
    /// not cached costs its CPU, not a wait (a million files: about 8 s of system time, cold), so
    /// a second thread nearly halves a cold walk. The listing is the same for any number.
    let statThreads: Int
    var listing = SourceListing()
    private var visited = Set<FolderID>()

    private struct FolderID: Hashable { var dev: UInt64; var ino: UInt64 }

    /// A folder with fewer entries than this is looked at by the walking thread alone.
    static let entriesWorthSharing = 512

    init(realRoot: String, statThreads: Int = 1) {
        self.realRoot = realRoot
        self.statThreads = max(1, statThreads)
    }

    mutating func walk(realPath: String, key: String) {
        var st = stat()
        guard stat(realPath, &st) == 0 else { return }
        guard visited.insert(FolderID(dev: UInt64(st.st_dev), ino: UInt64(st.st_ino))).inserted else { return }
        guard let dir = opendir(realPath) else {
            listing.unreadableFolders.append(key)
            return
        }
        // Each entry is looked at relative to its open folder (`fstatat`), as `find` does: the
        // kernel resolves one name, not the whole path, for each of a million files.
        let folder = dirfd(dir)
        let childKeyPrefix = key.isEmpty ? "" : key + "/"
        var names: [String] = []
        while let ent = readdir(dir) {
            // The name's bytes are read where readdir left them: no copy until it is a String.
            let name: String? = ent.withNameBytes { bytes in
                if bytes.first == UInt8(ascii: ".") { return nil }  // hidden, and . / ..
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    listing.skipped.append((childKeyPrefix + String(decoding: bytes, as: UTF8.self), "file name is not valid UTF-8"))
                    return nil
                }
                if bytes.contains(UInt8(ascii: "\\")) {
                    listing.skipped.append((childKeyPrefix + name, "file name contains a backslash"))
                    return nil
                }
                return name
            }
            if let name { names.append(name) }
        }
        let children = Self.look(at: names, in: folder, threads: names.count >= Self.entriesWorthSharing ? statThreads : 1)
        closedir(dir)
        for child in children.sorted(by: { $0.name < $1.name }) {
            visit(name: child.name, in: realPath, mode: child.mode, size: child.size, mtimeNs: child.mtimeNs, keyPrefix: childKeyPrefix)
        }
    }

    /// What a child is, not all of its `stat` (144 bytes): a folder of 200,000 files held 29 MB of them.
    private struct Child: Sendable { var name: String; var mode: mode_t; var size: Int64; var mtimeNs: Int64 }

    /// What `fstatat` says of each name in the open folder `folder` (a link not followed), in the
    /// names' order; a name gone since `readdir` is left out. With `threads` above one, the names
    /// are shared out in that many runs, each on a core of its own (`mapOnEveryCore`).
    private static func look(at names: [String], in folder: Int32, threads: Int) -> [Child] {
        @Sendable func look(_ name: String) -> Child? {
            var st = stat()
            guard fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return Child(name: name, mode: st.st_mode, size: Int64(st.st_size), mtimeNs: st.mtimeNs)
        }
        guard threads > 1 else { return names.compactMap(look) }
        let runs = min(threads, names.count)
        let ranges = (0..<runs).map { (names.count * $0 / runs)..<(names.count * ($0 + 1) / runs) }
        return ranges.mapOnEveryCore { range in names[range].compactMap(look) }.flatMap { $0 }
    }

    /// `mode`, `size` and `mtimeNs` are what `fstatat` said of the entry itself (a link not
    /// followed); its path is made only for a folder or a link, which need one.
    private mutating func visit(name: String, in folderPath: String, mode entryMode: mode_t, size entrySize: Int64, mtimeNs entryTime: Int64,
                                keyPrefix: String) {
        let key = keyPrefix + name
        var (mode, size, mtime) = (entryMode, entrySize, entryTime)
        let path = { folderPath == "/" ? "/" + name : folderPath + "/" + name }
        var target: String?
        if (mode & S_IFMT) == S_IFLNK {
            // Follow only links that resolve inside the library.
            var st = stat()
            guard let resolved = LocalFolderSource.realPath(path()),
                  resolved == realRoot || resolved.hasPrefix(realRoot == "/" ? "/" : realRoot + "/"),
                  stat(resolved, &st) == 0 else { return }
            target = resolved
            (mode, size, mtime) = (st.st_mode, Int64(st.st_size), st.mtimeNs)
        }
        switch mode & S_IFMT {
        case S_IFDIR:
            walk(realPath: target ?? path(), key: key)
        case S_IFREG:
            listing.entries.append(SourceEntry(key: key, size: size, mtimeNs: mtime))
        default:
            return  // sockets, fifos, devices
        }
    }
}
