import Foundation
import Imaging

/// The outcome of looking at one new or changed file.
public enum FileAnalysis: Sendable {
    /// An image whose photo row already exists (no probe needed).
    case known(SourceEntry, photoId: Int64)
    /// A new picture, with what the probe learned.
    case new(SourceEntry, ContentIdentity, ImageProbe)
    /// Not an image at all: ignored without noise.
    case notImage(SourceEntry)
    /// An image (or an unreadable file) that could not be handled: its own bytes failed.
    case failed(SourceEntry, reason: String)
    /// A file that could not be read now (the source or the catalog failed, not the file's bytes):
    /// the catalog leaves it exactly as it was, so the next scan tries it again.
    case unavailable(SourceEntry, reason: String)

    /// The file this is about.
    public var entry: SourceEntry {
        switch self {
        case .known(let e, _), .new(let e, _, _), .notImage(let e), .failed(let e, _), .unavailable(let e, _): return e
        }
    }

    /// Sniffs, hashes and (for content `lookup` does not know) probes a few files, reading each
    /// once for the identity and asking `lookup` about all their identities at once. `files[i]`
    /// is what the source made of `entries[i]`: a file that is gone (or missing from `files`) is
    /// failed, one that could not be read now is `unavailable`, as is every file when the pool
    /// or `lookup` fails. The scan and uploads both come here.
    ///
    /// The reads run on `pool`, and each is noted in `journal` as `kind` first, on the thread that
    /// reads, so a crash inside a parser marks that file at the next start instead of crashing again.
    public static func analyse(
        _ entries: [SourceEntry], files: [SourceFetch], as kind: ReadJournal.Kind, journal: ReadJournal, pool: BlockingPool,
        alone: Bool = false, known: [ContentIdentity?]? = nil, lookup: ([ContentIdentity]) async throws -> [ContentIdentity: Int64]
    ) async -> [FileAnalysis] {
        defer { withExtendedLifetime(files) {} }
        var results: [FileAnalysis?]
        var images: [Examined]
        do {
            (results, images) = try await pool.run { journal.withSlot { examine(entries, files, kind, $0, alone, known) } }
        } catch {
            return entries.map { .unavailable($0, reason: "it could not be read now (\(error))") }
        }
        let known: [ContentIdentity: Int64]
        do {
            known = try await lookup(images.map(\.identity))
        } catch {
            for image in images { results[image.index] = .unavailable(entries[image.index], reason: "the catalog could not be asked about it (\(error))") }
            return results.map { $0! }
        }
        images.removeAll { image in
            guard let photoId = known[image.identity] else { return false }
            results[image.index] = .known(entries[image.index], photoId: photoId)
            return true
        }
        if !images.isEmpty {
            let unknown = images
            let probed: [FileAnalysis]
            do {
                probed = try await pool.run { journal.withSlot { probe(unknown, entries, kind, $0, alone) } }
            } catch {
                probed = unknown.map { .unavailable(entries[$0.index], reason: "it could not be probed now (\(error))") }
            }
            for (image, result) in zip(images, probed) { results[image.index] = result }
        }
        return results.map { $0! }
    }

    /// An image found by `examine`, waiting for the look-up and perhaps the probe.
    struct Examined: Sendable {
        var index: Int
        var path: String
        var format: ImageFormat
        var identity: ContentIdentity
        var header: [UInt8]
    }

    /// Step 1, blocking: one read per file for its format, identity and (JPEG) header.
    private static func examine(
        _ entries: [SourceEntry], _ files: [SourceFetch], _ kind: ReadJournal.Kind, _ slot: ReadJournal.Slot, _ alone: Bool,
        _ known: [ContentIdentity?]?
    ) -> ([FileAnalysis?], [Examined]) {
        var results: [FileAnalysis?] = Array(repeating: nil, count: entries.count)
        var images: [Examined] = []
        // Each file's note replaces the one before it in the slot, so the slot is cleared once,
        // when the chunk is done, instead of after every file.
        defer { slot.clear() }
        let ahead = ReadAhead(paths: files.lazy.compactMap { if case .file(let file) = $0 { file.path } else { nil } })
        for (index, entry) in entries.enumerated() {
            let path: String
            switch files.indices.contains(index) ? files[index] : .gone {
            case .file(let file): path = file.path
            case .gone:
                results[index] = .failed(entry, reason: "the file vanished or points outside the library")
                continue
            case .unavailable(let reason):
                results[index] = .unavailable(entry, reason: reason)
                continue
            }
            slot.note(kind, entry, alone: alone)
            do {
                let identity = known.flatMap { $0.indices.contains(index) ? $0[index] : nil }
                let examined = try ContentHasher.examine(fileAt: path, ahead: ahead, known: identity)
                guard let format = examined.format, let identity = examined.identity else {
                    results[index] = .notImage(entry)
                    continue
                }
                images.append(Examined(index: index, path: path, format: format, identity: identity, header: examined.header))
            } catch {
                results[index] = failure(entry, error)
            }
        }
        return (results, images)
    }

    /// Step 3, blocking: the probe of each image whose content is new.
    private static func probe(
        _ images: [Examined], _ entries: [SourceEntry], _ kind: ReadJournal.Kind, _ slot: ReadJournal.Slot, _ alone: Bool
    ) -> [FileAnalysis] {
        defer { slot.clear() }
        return images.map { image in
            let entry = entries[image.index]
            slot.note(kind, entry, alone: alone)
            do {
                let probe = try Imaging.probe(fileAt: image.path, format: image.format, header: image.header)
                return .new(entry, image.identity, admitted(probe, at: entry.key))
            } catch {
                return failure(entry, error)
            }
        }
    }

    /// What a probe may bring into the catalog for a file at `key`: a file that came through a
    /// share link brings no curation (stars, keywords) into the household. Applied wherever a
    /// probe meets its library key, read now or taken over from an upload's staged copy.
    static func admitted(_ probe: ImageProbe, at key: String) -> ImageProbe {
        guard LinkUploads.holds(key) else { return probe }
        var probe = probe
        (probe.rating, probe.keywords) = (nil, [])
        return probe
    }

    private static func failure(_ entry: SourceEntry, _ error: any Error) -> FileAnalysis {
        if let error = error as? ImagingError { return .failed(entry, reason: error.description) }
        return .failed(entry, reason: "could not be read")
    }
}
