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

    /// Sniffs, hashes and (for unknown content) probes a few files, reading each once and
    /// asking the catalog about all their identities in one look-up. Blocking.
    /// Each read of a file's bytes in this process is noted in `journal` first, so a crash inside
    /// a parser marks that file at the next start instead of crashing again.
    static func analyse(
        _ entries: [SourceEntry], source: PhotoSource, journal: ReadJournal, alone: Bool = false,
        lookup: ([ContentIdentity]) throws -> [ContentIdentity: Int64]
    ) -> [FileAnalysis] {
        journal.withSlot { slot in analyse(entries, source: source, slot: slot, alone: alone, lookup: lookup) }
    }

    private static func analyse(
        _ entries: [SourceEntry], source: PhotoSource, slot: ReadJournal.Slot, alone: Bool,
        lookup: ([ContentIdentity]) throws -> [ContentIdentity: Int64]
    ) -> [FileAnalysis] {
        var results: [FileAnalysis?] = Array(repeating: nil, count: entries.count)
        var images: [(index: Int, path: String, format: ImageFormat, identity: ContentIdentity, header: [UInt8])] = []
        for (index, entry) in entries.enumerated() {
            guard let path = source.localPath(forKey: entry.key) else {
                results[index] = .failed(entry, reason: "the file vanished or points outside the library")
                continue
            }
            slot.note(.scan, entry, alone: alone)
            defer { slot.clear() }
            do {
                let examined = try ContentHasher.examine(fileAt: path)
                guard let format = examined.format, let identity = examined.identity else {
                    results[index] = .notImage(entry)
                    continue
                }
                images.append((index, path, format, identity, examined.header))
            } catch {
                results[index] = failure(entry, error)
            }
        }
        let known: [ContentIdentity: Int64]
        do {
            known = try lookup(images.map(\.identity))
        } catch {
            for image in images { results[image.index] = .failed(entries[image.index], reason: "could not be read") }
            return results.map { $0! }
        }
        for image in images {
            let entry = entries[image.index]
            if let photoId = known[image.identity] {
                results[image.index] = .known(entry, photoId: photoId)
                continue
            }
            slot.note(.scan, entry, alone: alone)
            defer { slot.clear() }
            do {
                let probe = try Imaging.probe(fileAt: image.path, format: image.format, header: image.header)
                results[image.index] = .new(entry, image.identity, probe)
            } catch {
                results[image.index] = failure(entry, error)
            }
        }
        return results.map { $0! }
    }

    private static func failure(_ entry: SourceEntry, _ error: any Error) -> FileAnalysis {
        if let error = error as? ImagingError { return .failed(entry, reason: error.description) }
        return .failed(entry, reason: "could not be read")
    }
}
