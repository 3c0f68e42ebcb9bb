import Foundation

/// Small real video files made at test time with ffmpeg's test pattern (`testsrc`).
public enum TestVideos {
    /// The codecs the tests ask ffmpeg for.
    public enum Codec: Sendable {
        case h264, hevc, vp9, mpeg4

        var arguments: [String] {
            switch self {
            case .h264: ["-c:v", "libx264", "-pix_fmt", "yuv420p"]
            case .hevc: ["-c:v", "libx265", "-pix_fmt", "yuv420p", "-x265-params", "log-level=error"]
            case .vp9: ["-c:v", "libvpx-vp9", "-deadline", "realtime"]
            case .mpeg4: ["-c:v", "mpeg4"]
            }
        }
    }

    /// Whether ffmpeg and ffprobe are on PATH.
    public static let available: Bool = {
        (try? TestImages.run("ffprobe", ["-version"])) != nil && (try? TestImages.run("ffmpeg", ["-version"])) != nil
    }()

    /// Writes a `seconds`-long test pattern of `size` at `path`; the container follows the file's extension.
    /// `seed` moves the pattern so each seed is distinct content; `metadata` goes to `-metadata` (`creation_time=…`).
    public static func write(
        to path: String, codec: Codec = .h264, seconds: Double = 1, size: String = "160x120", seed: Int = 0,
        metadata: [String] = []
    ) throws {
        let pattern = "testsrc=duration=\(seconds):size=\(size):rate=10,hue=h=\(seed % 360)"
        try TestImages.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", pattern] + codec.arguments
                           + metadata.flatMap { ["-metadata", $0] } + [path])
    }

    /// The bytes of such a video in a container named by `ext` (`mp4`, `mov`, `webm`, ...).
    public static func bytes(_ ext: String, codec: Codec = .h264, seconds: Double = 1, seed: Int = 0) throws -> [UInt8] {
        let folder = NSTemporaryDirectory() + "photolala-video-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/video." + ext
        try write(to: path, codec: codec, seconds: seconds, seed: seed)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
