import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Imaging {
    /// The longest side of the frame ffmpeg hands on: enough for the screen rendition.
    static let posterSide = 2_048

    /// Renders a video's poster frame as a JPEG rendition: ffprobe finds the length, ffmpeg takes
    /// one frame a tenth of the way in (at most 1 s in, past a fade from black), both child processes
    /// under `decodeTimeout` and `videoToolMemory`; the frame then goes the way of any JPEG.
    static func renderPoster(
        fileAt path: String, format: ImageFormat, width: Int, height: Int, fit: RenditionFit, quality: Int, rotation: Rotation,
        encoding: RenditionEncoding = .jpeg
    ) throws -> [UInt8] {
        let info = try probeVideo(fileAt: path, format: format)
        let frame = NSTemporaryDirectory() + "photolala-poster-\(UUID().uuidString).jpg"
        defer { unlink(frame) }
        try extractFrame(fileAt: path, format: format, at: info.duration.map { min($0 / 10, 1) } ?? 0, to: frame)
        return try renderJPEG(fileAt: frame, format: .jpeg, width: width, height: height, fit: fit, quality: quality, rotation: rotation,
                              encoding: encoding)
    }

    /// Writes the frame at `seconds` (turned as the video is shown, shrunk into `posterSide`) to `target`.
    private static func extractFrame(fileAt path: String, format: ImageFormat, at seconds: Double, to target: String) throws {
        let side = posterSide
        let scale = "scale=w='min(\(side),iw)':h='min(\(side),ih)':force_original_aspect_ratio=decrease"
        try ffmpeg(["-nostdin", "-v", "error", "-threads", "1", "-ss", String(format: "%.3f", seconds)] + videoInput(path, format)
                       + ["-map", "0:v:0", "-frames:v", "1", "-an", "-sn", "-dn", "-vf", scale, "-q:v", "2", "-y", "-f", "image2", "file:" + target],
                   timeout: decodeTimeout, making: target, failure: "ffmpeg could not take a frame from the video")
    }
}
