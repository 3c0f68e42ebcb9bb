import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Imaging {
    /// The longest side of a playable rendition: 1080p, which every phone plays smoothly.
    static let playableSide = 1_920

    /// How long a transcode may run: a minute, and ten seconds a second of video (a slow machine
    /// decoding 4K HEVC in software), at most four hours. The length is what the container claims,
    /// so the file's size, which cannot lie, bounds it too: a minute and twenty seconds a megabyte
    /// (a phone's 4K HEVC is about 6 MB a second, so a real video never meets this bound first).
    /// Counted from its start, like every limit.
    public static func transcodeTimeout(duration: Double?, bytes: Int64? = nil) -> Double {
        let seconds = duration.map { $0.isFinite ? max(0, $0) : 0 } ?? 600
        let measured = bytes.map { 60 + Double(max(0, $0)) / 1_000_000 * 20 } ?? .infinity
        return min(60 + seconds * 10, measured, 4 * 3_600)
    }

    /// Writes an H.264/AAC MP4 that every browser plays (at most 1080p, the moov box first so it
    /// plays while it loads) of the video at `path` to `target`, by ffmpeg in a child process
    /// under `transcodeTimeout` and the video tools' memory limit. Blocking. Throws `.unreadable`
    /// when ffmpeg fails and `.timedOut` when it overran; `target` is then removed.
    public static func transcodePlayable(fileAt path: String, format: ImageFormat, duration: Double?, bytes: Int64? = nil, to target: String) throws {
        let side = playableSide
        let scale = "scale=w='min(\(side),iw)':h='min(\(side),ih)':force_original_aspect_ratio=decrease:force_divisible_by=2"
        let arguments = ["-nostdin", "-v", "error", "-threads", "2"] + videoInput(path, format)
            // (no metadata of the original's: a playable copy says nothing of where or when it was shot)
            + ["-map", "0:v:0", "-map", "0:a:0?", "-map_metadata", "-1", "-sn", "-dn", "-vf", scale,
               "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-profile:v", "high",
               "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-movflags", "+faststart", "-y", "-f", "mp4", "file:" + target]
        do {
            try ffmpeg(arguments, timeout: transcodeTimeout(duration: duration, bytes: bytes), making: target, failure: "ffmpeg could not convert the video")
        } catch {
            unlink(target)
            throw error
        }
    }
}
