import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Photos in a folder on this machine; keys are relative paths with `/`. Trashed files wait in
/// `trashFolder` (in the data folder, outside the library) under their trash keys.
///
/// The walk skips hidden entries, never follows a symlink that leads out of the root, and visits
/// each real folder once, so symlink loops end. A key is only ever resolved to a file inside the
/// root. Reads and moves run on a pool of their own threads, and walks on niced ones; resolving
/// one key (a few `stat`s) runs in the caller.
public struct LocalFolderSource: PhotoSource {
    /// The root folder as given.
    public let root: String
    /// Where trashed files are kept.
    public let trashFolder: String
    let logger: Logger
    let pool = BlockingPool(label: "photolala.folder")
    /// The walk's own threads, which give way to requests: a walk is a scan's, and at a million
    /// files it keeps a core in `stat` for seconds while the server answers.
    let walks = BlockingPool(label: "photolala.folder.walk", qos: .utility)
    /// How many threads a walk `stat`s a large folder's files with (`FolderWalker`): one for a
    /// server, whose other cores are the pages'; every core for `photolala scan`, which has the
    /// machine to itself.
    let walkThreads: Int

    /// A source over `root` whose trash is `trashFolder`.
    public init(root: String, trashFolder: String, walkThreads: Int = 1, logger: Logger = Logger(label: "photolala.source")) {
        self.walkThreads = walkThreads
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.trashFolder = trashFolder.count > 1 && trashFolder.hasSuffix("/") ? String(trashFolder.dropLast()) : trashFolder
        self.logger = logger
    }

    public var displayName: String { root }

    public func unavailableReason() async -> String? {
        rootProblem().map { "the library folder " + $0 }
    }

    public func list() async throws -> SourceListing {
        try await walks.run { [self] in try walk() }
    }

    /// The walk behind `list()`: blocking.
    private func walk() throws -> SourceListing {
        if let problem = rootProblem() { throw SourceError.unavailable("The library folder \(root) \(problem).") }
        guard let realRoot = Self.realPath(root) else { throw SourceError.unavailable("The library folder \(root) does not exist.") }
        var walker = FolderWalker(realRoot: realRoot, statThreads: walkThreads)
        walker.walk(realPath: realRoot, key: "")
        return walker.listing
    }

    public func entry(forKey key: String) async throws -> SourceEntry? {
        resolve(key).flatMap { Self.fileEntry(atPath: $0, key: key) }
    }

    public func localPath(forKey key: String) -> String? {
        resolve(key).flatMap { Self.fileEntry(atPath: $0, key: key) != nil ? $0 : nil }
    }

    public func localFile(forKey key: String) async throws -> LocalFile? {
        var resolver = Resolver(realRoot: Self.realPath(root))
        switch resolveFile(key, &resolver) {
        case .file(let file): return file
        case .gone: return nil
        case .unavailable(let reason): throw SourceError.unavailable(reason)
        }
    }

    /// Resolved on the source's own threads: a library on a network share can be slow to answer.
    /// The root and each folder are resolved once for the whole batch, not once per file.
    public func localFiles(forKeys keys: [String]) async -> [SourceFetch] {
        do {
            return try await pool.run { [self] in
                var resolver = Resolver(realRoot: Self.realPath(root))
                return keys.map { resolveFile($0, &resolver) }
            }
        } catch {
            return Array(repeating: .unavailable("The library folder \(root) could not be read (\(error))."), count: keys.count)
        }
    }

    /// A missing root (an unmounted drive) or a failing `stat` is unavailable, not gone: only a
    /// file that is not there (or not a file, or outside the root) is gone.
    private func resolveFile(_ key: String, _ resolver: inout Resolver) -> SourceFetch {
        guard resolver.realRoot != nil else {
            return .unavailable("The library folder \(root) \(rootProblem() ?? "cannot be read").")
        }
        switch resolver.locate(key) {
        case .gone: return .gone
        case .failed(let code): return Self.unreadable(key, code)
        case .path(let path):
            var st = stat()
            guard stat(path, &st) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .gone : Self.unreadable(key, errno) }
            guard let entry = Self.fileEntry(st, key: key) else { return .gone }
            return .file(LocalFile(path: path, entry: entry))
        }
    }

    /// “key” could not be read now, with the system's reason.
    private static func unreadable(_ key: String, _ code: Int32) -> SourceFetch {
        .unavailable("“\(key)” could not be read (\(String(cString: strerror(code)))).")
    }

    /// The real path of the file at `key`, or nil when the key is not valid or leads outside the root.
    func resolve(_ key: String) -> String? {
        var resolver = Resolver(realRoot: Self.realPath(root))
        return resolver.resolve(key)
    }

    /// Keys to real paths inside the root, remembering each folder's real path: a file that is
    /// not itself a symlink is its real folder and its name, so a batch of files in one folder
    /// costs one `realpath` and an `lstat` each, not a `readlink` for every part of every path.
    struct Resolver {
        let realRoot: String?
        /// What every real path inside the root starts with.
        private let inside: String
        private var folders: [Substring: String?] = [:]

        init(realRoot: String?) {
            self.realRoot = realRoot
            inside = realRoot == "/" ? "/" : (realRoot ?? "") + "/"
        }

        mutating func resolve(_ key: String) -> String? {
            if case .path(let path) = locate(key) { return path }
            return nil
        }

        /// Where a key leads: a real path inside the root, nothing, or a system error on the way.
        enum Located {
            case path(String)
            case gone
            /// A lookup failed for a reason other than a missing name (`errno`).
            case failed(Int32)
        }

        mutating func locate(_ key: String) -> Located {
            guard SourceKey.isValid(key), let realRoot else { return .gone }
            // A symlink inside the library may point anywhere: only what resolves inside is the library's.
            func within(_ path: String) -> Bool { path == realRoot || path.hasPrefix(inside) }
            // Split where `SourceKey` splits: at the last `/` byte, as the file system does.
            let slash = SourceKey.lastSlash(in: key)
            let folder = slash.map { key[..<$0] } ?? ""
            let name = slash.map { key[key.utf8.index(after: $0)...] } ?? Substring(key)
            let realFolder: String?
            if let known = folders[folder] {
                realFolder = known
            } else {
                let real = folder.isEmpty ? realRoot : LocalFolderSource.realPath(inside + folder)
                if real == nil, let code = Self.failure(errno) { return .failed(code) }
                realFolder = real.flatMap { within($0) ? $0 : nil }
                folders[folder] = realFolder
            }
            guard let realFolder else { return .gone }
            let path = (realFolder == "/" ? "" : realFolder) + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0 else { return Self.failure(errno).map(Located.failed) ?? .gone }
            guard (st.st_mode & S_IFMT) == S_IFLNK else { return .path(path) }
            guard let resolved = LocalFolderSource.realPath(path), resolved.hasPrefix(inside) else { return .gone }
            return .path(resolved)
        }

        /// `code` when it is a failure to read rather than a name that is not there.
        private static func failure(_ code: Int32) -> Int32? {
            [ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG].contains(code) ? nil : code
        }
    }

    /// Why the library folder cannot be listed, or nil when it can (see `folderProblem(_:)`).
    public func rootProblem() -> String? { Self.folderProblem(root) }

    /// Why `path` cannot be listed as a library, or nil when it can: missing (an unmounted drive,
    /// say) and unreadable (permissions) are told apart, since they need different fixes.
    public static func folderProblem(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else {
            return errno == EACCES ? "cannot be reached: permission denied on a folder above it"
                : "does not exist (is its drive mounted?)"
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return "is not a folder" }
        guard let probe = opendir(path) else {
            return errno == EACCES ? "cannot be read: permission denied for the user running Photolala"
                : "cannot be read (\(String(cString: strerror(errno))))"
        }
        closedir(probe)
        return nil
    }

    /// The size and mtime of the regular file at `path` (following links), named `key`; nil for anything else.
    static func fileEntry(atPath path: String, key: String) -> SourceEntry? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return fileEntry(st, key: key)
    }

    /// The size and mtime `st` gives, named `key`, when it is a regular file; nil for anything else.
    static func fileEntry(_ st: stat, key: String) -> SourceEntry? {
        guard (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return SourceEntry(key: key, size: Int64(st.st_size), mtimeNs: st.mtimeNs)
    }

    /// The canonical absolute path, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension stat {
    /// The modification time, nanoseconds since 1970, as a file's state keeps it (`SourceEntry.mtimeNs`).
    var mtimeNs: Int64 { Int64(st_mtim.tv_sec) * 1_000_000_000 + Int64(st_mtim.tv_nsec) }
}
