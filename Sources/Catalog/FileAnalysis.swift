import Foundation
import Imaging

/// The outcome of looking at one new or changed file.
enum FileAnalysis: Sendable {
    /// An image whose photo row already exists (no probe needed).
    case known(SourceEntry, photoId: Int64)
    /// A new picture, with what the probe learned.
    case new(SourceEntry, ContentIdentity, ImageProbe)
    /// Not an image at all: ignored without noise.
    case notImage(SourceEntry)
    /// An image (or an unreadable file) that could not be handled.
    case failed(SourceEntry, reason: String)

    var entry: SourceEntry {
        switch self {
        case .known(let e, _), .new(let e, _, _), .notImage(let e), .failed(let e, _): return e
        }
    }

    /// Sniffs, hashes and (for unknown content) probes one file. Blocking.
    static func analyse(_ entry: SourceEntry, source: PhotoSource, lookup: (ContentIdentity) throws -> Int64?) -> FileAnalysis {
        guard let path = source.localPath(forKey: entry.key) else {
            return .failed(entry, reason: "the file vanished or points outside the library")
        }
        do {
            guard let format = try ImageFormat.sniff(fileAt: path) else { return .notImage(entry) }
            let identity = try ContentHasher.identity(ofFileAt: path)
            if let photoId = try lookup(identity) { return .known(entry, photoId: photoId) }
            let probe = try Imaging.probe(fileAt: path, format: format)
            return .new(entry, identity, probe)
        } catch let error as ImagingError {
            return .failed(entry, reason: error.description)
        } catch {
            return .failed(entry, reason: "could not be read")
        }
    }
}
