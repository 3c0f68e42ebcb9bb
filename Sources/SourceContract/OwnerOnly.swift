import Foundation

/// Files and folders that hold the household's secrets (the catalog and its journal, backups,
/// the trash, the data folder, the share links' secret) are the server's user's alone, whatever the umask: folders 0700,
/// files 0600. The one place those modes are set.
public enum OwnerOnly {
    /// Makes `path` and any missing folder above it, and leaves `path` itself readable by its
    /// owner only (tightened when it was there already: it is the server's own folder).
    public static func folder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try restrict(path, to: 0o700)
    }

    /// Leaves the file at `path` readable and writable by its owner only; nothing when it is not there.
    public static func file(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try restrict(path, to: 0o600)
    }

    /// Makes an empty file at `path` readable by its owner only, unless one is there (so a
    /// program that creates it next, as SQLite does, finds it already private), and tightens the
    /// file and the others named `path` + each of `suffixes` that are there.
    public static func create(_ path: String, alongside suffixes: [String] = []) throws {
        let made = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if made >= 0 { close(made) }
        for name in [path] + suffixes.map({ path + $0 }) { try file(name) }
    }

    /// Writes `contents` to a new file at `path` readable by its owner only, unless a file is
    /// there: returns what the file holds then. The bytes are written whole to a file of their
    /// own and linked into place, so two processes at once keep the first, and no reader ever
    /// finds a file half written.
    public static func writeOnce(_ contents: Data, to path: String) throws -> Data {
        if let kept = FileManager.default.contents(atPath: path) {
            try file(path)
            return kept
        }
        let draft = path + ".\(getpid()).new"
        unlink(draft)
        let made = open(draft, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard made >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { unlink(draft) }
        let written = contents.withUnsafeBytes { write(made, $0.baseAddress, $0.count) }
        let synced = fsync(made) == 0
        close(made)
        guard written == contents.count, synced else { throw CocoaError(.fileWriteUnknown) }
        if link(draft, path) != 0 {
            guard errno == EEXIST, let kept = FileManager.default.contents(atPath: path) else { throw CocoaError(.fileWriteUnknown) }
            try file(path)
            return kept
        }
        return contents
    }

    private static func restrict(_ path: String, to mode: mode_t) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        guard info.st_mode & 0o7777 != mode else { return }
        // A folder another user owns (a mount the server may only write into) keeps its mode:
        // refusing to start over it would lose more than it protects.
        guard info.st_uid == geteuid() else { return }
        guard chmod(path, mode) == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}
