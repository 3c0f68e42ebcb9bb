import Catalog
import Foundation

/// The bytes of inbox files that are neither photos nor videos (an app's sidecars, an iPhone's
/// `.AAE` edits, anything else it backs up), kept in the library itself, in a hidden folder
/// (`.photolala/inbox/<ab>/<sha256>`) that scans and listings pass over: every instance of a
/// shared catalog reads them from the same source, a backup of the library holds them, and a
/// bucket keeps them as it keeps the photos. Once a content however many inbox items name it;
/// a blob goes when the last item naming it does (`InboxStore.inboxBlobInUse`).
struct InboxBlobs: Sendable {
    let source: any PhotoSource

    /// The folder under which they are kept.
    static let folder = ".photolala/inbox"

    /// The library key of the blob with this SHA-256.
    static func key(_ sha256: String) -> String { folder + "/" + sha256.prefix(2) + "/" + sha256 }

    /// Moves a staged file in as the blob of its hash, through the source's own atomic add (which
    /// syncs it); a blob of the same bytes kept already stays as it is.
    func keep(staged: String, sha256: String) async throws {
        let key = Self.key(sha256)
        if try await source.entry(forKey: key) != nil { return }
        let placed = try await source.add(stagedFile: staged, folder: InboxPath.parent(of: key), name: sha256)
        // Two PUTs of the same bytes at once: the second was placed under a name of its own, and goes.
        if placed != key { await destroy(placed) }
    }

    /// Removes a blob no item names any more.
    func remove(_ sha256: String) async {
        await destroy(Self.key(sha256))
    }

    /// Takes a key out of the library for good: to the trash, then out of it, the one way the
    /// sources remove bytes.
    private func destroy(_ key: String) async {
        let trashKey = "inbox-" + UUID().uuidString
        do {
            try await source.moveToTrash(key, as: trashKey)
            try await source.deleteFromTrash(trashKey)
        } catch {
            // Nothing lost: a blob left behind is only bytes no item names.
        }
    }
}
