import Foundation
import Imaging
import TestSupport
@testable import Catalog

/// Catalogues made-up pictures through the scan bookkeeping, the way a scan would, without
/// image files: every implementation is filled through the same protocol.
struct CatalogSeed {
    /// One made-up picture at a key.
    struct Picture {
        var key: String
        var takenAt: Int64
        var size: Int64
        var sha256: String
        var keywords: [String] = []
        var rating: Int? = nil
        /// False for a file without a date from its camera.
        var dated = true
        /// What ffprobe said, for a video; nil for a still picture.
        var video: VideoInfo? = nil
        /// Where it was taken, when its file says.
        var location: GeoPoint? = nil
    }

    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A picture with random content and size, taken at `takenAt` (Unix seconds).
    mutating func picture(_ key: String, takenAt: Int64, keywords: [String] = [], rating: Int? = nil) -> Picture {
        let sha = (0..<4).map { _ in String(format: "%016llx", generator.next()) }.joined()
        return Picture(key: key, takenAt: takenAt, size: Int64.random(in: 1_000...9_000_000, using: &generator), sha256: sha,
                       keywords: keywords, rating: rating)
    }

    /// The analysis a scan makes of a new picture.
    static func analysis(_ picture: Picture, at key: String? = nil) -> FileAnalysis {
        let entry = SourceEntry(key: key ?? picture.key, size: picture.size, mtimeNs: picture.takenAt * 1_000_000_000)
        var probe = ImageProbe(format: picture.video == nil ? .jpeg : .mp4, width: 64, height: 48,
                               takenAt: picture.dated ? Date(timeIntervalSince1970: TimeInterval(picture.takenAt)) : nil,
                               rating: picture.rating, keywords: picture.keywords)
        probe.video = picture.video
        probe.location = picture.location
        return .new(entry, ContentIdentity(sha256: picture.sha256, size: picture.size), probe)
    }

    /// A video with random content, 42.5 s of HEVC with AAC sound.
    mutating func video(_ key: String, takenAt: Int64) -> Picture {
        var video = picture(key, takenAt: takenAt)
        video.video = VideoInfo(duration: 42.5, width: 64, height: 48, rotation: 0, videoCodec: "hevc", audioCodec: "aac")
        return video
    }

    /// Writes the pictures in one batch and brings the folder counts up to date.
    static func catalogue(_ pictures: [Picture], in store: any ContractStore) async throws {
        try await store.apply(pictures.map { analysis($0) }, now: Date(timeIntervalSince1970: 1_700_000_000))
        try await store.rebuildFolders()
    }
}
