#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Photos in a folder on this machine; keys are relative paths with `/`.
///
/// The walk skips hidden entries, never follows a symlink that leads out of the root,
/// and visits each real folder once, so symlink loops end.
public struct LocalFolderSource: PhotoSource {
    /// The root folder as given.
    public let root: String

    /// Creates a source over `root`.
    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    public var displayName: String { root }

    public func list() throws -> SourceListing {
        if let problem = rootProblem() { throw SourceError.unavailable("The library folder \(root) \(problem).") }
        guard let realRoot = Self.realPath(root) else { throw SourceError.unavailable("The library folder \(root) does not exist.") }
        var walker = FolderWalker(realRoot: realRoot)
        walker.walk(realPath: realRoot, key: "")
        return walker.listing
    }

    public func localPath(forKey key: String) -> String? {
        guard SourceKey.isValid(key), let realRoot = Self.realPath(root) else { return nil }
        guard let resolved = Self.realPath(realRoot + "/" + key) else { return nil }
        // A symlink inside the library may point anywhere: only serve what resolves inside.
        guard resolved.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else { return nil }
        return resolved
    }

    /// Why the library folder cannot be listed, or nil when it can: missing (an unmounted drive,
    /// say) and unreadable (permissions) are told apart, since they need different fixes.
    public func rootProblem() -> String? {
        var st = stat()
        guard stat(root, &st) == 0 else {
            return errno == EACCES ? "cannot be reached: permission denied on a folder above it"
                : "does not exist (is its drive mounted?)"
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return "is not a folder" }
        guard let probe = opendir(root) else {
            return errno == EACCES ? "cannot be read: permission denied for the user running Photolala"
                : "cannot be read (\(String(cString: strerror(errno))))"
        }
        closedir(probe)
        return nil
    }

    /// The canonical absolute path, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
