/// Image and video formats Photolala accepts, recognised by their bytes.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg, png, gif, webp, tiff, heic, avif
    case mp4, mov, m4v, threeGP = "3gp", webm, mkv, avi

    /// Whether this is a still picture or a video: videos are probed and framed by ffmpeg, never by ImageMagick.
    public var kind: MediaKind {
        switch self {
        case .jpeg, .png, .gif, .webp, .tiff, .heic, .avif: .photo
        case .mp4, .mov, .m4v, .threeGP, .webm, .mkv, .avi: .video
        }
    }

    /// True for the video formats.
    public var isVideo: Bool { kind == .video }

    /// The media type to serve the original file with.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .tiff: "image/tiff"
        case .heic: "image/heic"
        case .avif: "image/avif"
        case .mp4: "video/mp4"
        case .mov: "video/quicktime"
        case .m4v: "video/x-m4v"
        case .threeGP: "video/3gpp"
        case .webm: "video/webm"
        case .mkv: "video/x-matroska"
        case .avi: "video/x-msvideo"
        }
    }

    /// The ImageMagick coder that reads this format; named explicitly so ImageMagick never guesses.
    /// Nil for videos: ImageMagick would hand them to a delegate, so they never reach it.
    public var magickCoder: String? {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WEBP"
        case .tiff: "TIFF"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .mp4, .mov, .m4v, .threeGP, .webm, .mkv, .avi: nil
        }
    }
}
