#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recursive directory walk behind `LocalFolderSource`, with POSIX calls for speed and control.
struct FolderWalker {
    let realRoot: String
    var listing = SourceListing()
    private var visited = Set<FolderID>()

    private struct FolderID: Hashable { var dev: UInt64; var ino: UInt64 }

    init(realRoot: String) { self.realRoot = realRoot }

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
        var children: [(name: String, path: String, st: stat)] = []
        while let ent = readdir(dir) {
            let raw = withUnsafeBytes(of: ent.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if raw.first == UInt8(ascii: ".") { continue }  // hidden, and . / ..
            let childKeyPrefix = key.isEmpty ? "" : key + "/"
            guard let name = String(validating: raw, as: UTF8.self) else {
                listing.skipped.append((childKeyPrefix + String(decoding: raw, as: UTF8.self), "file name is not valid UTF-8"))
                continue
            }
            if raw.contains(UInt8(ascii: "\\")) {
                listing.skipped.append((childKeyPrefix + name, "file name contains a backslash"))
                continue
            }
            var st = stat()
            guard fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            children.append((name, realPath == "/" ? "/" + name : realPath + "/" + name, st))
        }
        closedir(dir)
        children.sort { $0.name < $1.name }
        for child in children {
            visit(name: child.name, path: child.path, st: child.st, parentKey: key)
        }
    }

    /// `st` is what `fstatat` said of the entry itself (a link not followed).
    private mutating func visit(name: String, path: String, st entry: stat, parentKey: String) {
        let key = parentKey.isEmpty ? name : parentKey + "/" + name
        var st = entry
        var target = path
        if (st.st_mode & S_IFMT) == S_IFLNK {
            // Follow only links that resolve inside the library.
            guard let resolved = LocalFolderSource.realPath(path),
                  resolved == realRoot || resolved.hasPrefix(realRoot == "/" ? "/" : realRoot + "/"),
                  stat(resolved, &st) == 0 else { return }
            target = resolved
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            walk(realPath: target, key: key)
        case S_IFREG:
            let mtime = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
            listing.entries.append(SourceEntry(key: key, size: Int64(st.st_size), mtimeNs: mtime))
        default:
            return  // sockets, fifos, devices
        }
    }
}
