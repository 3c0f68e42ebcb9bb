import Catalog
import Foundation
import Imaging

/// What every way in (the upload form, a share link's upload, the WebDAV inbox) asks of a file
/// staged in the data folder before it may join the library: read as the scan reads a library
/// file (sniffed, hashed, probed, each read noted in the journal as an upload), and looked up by
/// its content. Decided here once, so no door takes in what another would refuse.
struct Intake: Sendable {
    let reads: CatalogReads
    let journal: ReadJournal
    let pool: BlockingPool

    /// What a staged file turned out to be.
    enum Finding: Sendable {
        /// A photo or video the library does not hold yet.
        case new(format: ImageFormat, takenAt: Date?, sha256: String)
        /// Bytes the library holds already: at `key` where the asker may see it (nil where it is
        /// private to someone else, and so not said).
        case known(sha256: String, key: String?)
        /// Neither a photo nor a video.
        case notMedia
        /// A photo or video whose own bytes could not be read.
        case unreadable(String)
        /// Could not be checked now (the catalog did not answer); worth trying again.
        case unavailable
    }

    /// Examines the file at `path` (sent as `name`) for someone who sees `sight`: what it is, and
    /// the analysis itself, for the scanner to take over once the file is placed
    /// (`LibraryScanner.index(placed:)`), so its bytes are read once.
    /// `identity`: what the caller took of the bytes as they arrived (its own hash, never a
    /// client's), so they are not read whole again.
    func examined(path: String, name: String, sight: Sight, identity: ContentIdentity? = nil) async -> (finding: Finding, analysis: FileAnalysis) {
        let staged = SourceEntry(key: name, size: 0, mtimeNs: 0)
        // Whether the content is kept already is the server's own question; whether the asker
        // may be told where, theirs.
        let (everything, visible) = (reads.everythingForServerWork, reads.view(for: .household(viewer: .guest, sight: sight)))
        var inLibrary: (key: String?, sha256: String)?
        let analysis = await FileAnalysis.analyse([staged], files: [.file(LocalFile(path: path, entry: staged))], as: .upload,
                                                  journal: journal, pool: pool, known: [identity]) { identities in
            guard let identity = identities.first,
                  let found = try await everything.file(ofContent: identity.sha256) else { return [:] }
            let seen = try await visible.file(ofContent: identity.sha256) != nil
            inLibrary = (seen ? found.key : nil, identity.sha256)
            return [identity: 0]
        }
        let finding: Finding = switch analysis[0] {
        case .notImage: .notMedia
        case .failed(_, let reason): .unreadable(reason)
        case .unavailable: .unavailable
        case .known: inLibrary.map { .known(sha256: $0.sha256, key: $0.key) } ?? .unavailable
        case .new(_, let identity, let probe): .new(format: probe.format, takenAt: probe.takenAt, sha256: identity.sha256)
        }
        return (finding, analysis[0])
    }
}
