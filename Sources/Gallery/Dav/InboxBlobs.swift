import Foundation

/// The bytes of inbox files that are neither photos nor videos (an app's sidecars, its notes,
/// anything else it backs up), kept in the data folder by their SHA-256, once however many
/// inbox items name them. A blob goes when the last item naming it does (`InboxStore`).
struct InboxBlobs: Sendable {
    let folder: String

    /// Where the blob with this SHA-256 is kept.
    func path(_ sha256: String) -> String { folder + "/" + sha256.prefix(2) + "/" + sha256 }

    /// Moves a staged file (flushed already) in as the blob of its hash, in one rename on the
    /// same file system; a blob of the same bytes kept already stays and the staged file goes.
    func keep(staged: String, sha256: String) throws {
        let target = path(sha256)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: target) {
            unlink(staged)
            return
        }
        guard rename(staged, target) == 0 else { throw DavError(.internalServerError, "a blob could not be kept: errno \(errno)") }
    }

    /// Removes a blob no item names any more.
    func remove(_ sha256: String) {
        unlink(path(sha256))
    }
}
