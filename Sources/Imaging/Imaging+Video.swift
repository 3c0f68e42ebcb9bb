import Foundation

extension Imaging {
    /// Address space a video tool may take: enough for ffmpeg's libraries and one decoded 8K frame,
    /// not enough to run the machine out of memory on a hostile file.
    static let videoToolMemory = 1_536 << 20

    /// Asks ffprobe (a child process, under `decodeTimeout` and `videoToolMemory`) what the video
    /// at `path` holds. Throws `.unreadable` when ffprobe is missing, fails or says nothing usable,
    /// `.timedOut` when it overran.
    public static func probeVideo(fileAt path: String, format: ImageFormat) throws -> VideoInfo {
        let outcome = try ChildProcess.run(
            "ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams"] + videoInput(path, format),
            timeout: decodeTimeout, memory: videoToolMemory, maxOutput: 4 << 20)
        guard outcome.status == 0 else { throw ImagingError.unreadableVideo("ffprobe could not read the video") }
        guard let info = VideoInfo.parse(outcome.output) else { throw ImagingError.unreadableVideo("no video stream ffprobe could read") }
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        guard !overflow, pixels <= maxPixels else { throw ImagingError.tooManyPixels(overflow ? Int.max : pixels) }
        return info
    }

    /// Runs ffmpeg (a child process under `timeout` and `videoToolMemory`) to make the file
    /// `target`; throws `.unreadableVideo(failure)` unless it exits cleanly and leaves the file, not empty.
    static func ffmpeg(_ arguments: [String], timeout: Double, making target: String, failure: String) throws {
        let outcome = try ChildProcess.run("ffmpeg", arguments, timeout: timeout, memory: videoToolMemory, maxOutput: 0)
        var facts = stat()
        guard outcome.status == 0, stat(target, &facts) == 0, facts.st_size > 0 else { throw ImagingError.unreadableVideo(failure) }
    }

    /// The video's probe as the catalog keeps it: sides as shown (ffmpeg turns the frames itself,
    /// so the orientation is always 1), the shooting date, the duration and the codecs.
    static func probeVideoForCatalog(fileAt path: String, format: ImageFormat) throws -> ImageProbe {
        let info = try probeVideo(fileAt: path, format: format)
        var probe = ImageProbe(format: format, width: info.width, height: info.height, takenAt: info.takenAt)
        (probe.takenSource, probe.takenOffset) = (info.takenAt == nil ? nil : .quicktime, info.takenOffset)
        probe.video = info
        probe.location = info.location
        return probe
    }

    /// The input arguments for an ffmpeg tool: the demuxer the sniffed bytes named (so ffmpeg never
    /// guesses a playlist or a concat script) and the file through the `file:` protocol only.
    static func videoInput(_ path: String, _ format: ImageFormat) -> [String] {
        let demuxer = switch format {
        case .webm, .mkv: "matroska"
        case .avi: "avi"
        default: "mov"
        }
        return ["-protocol_whitelist", "file", "-f", demuxer, "-i", "file:" + path]
    }
}
