/// Image and video formats Photolala accepts, recognised by their bytes.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg, png, gif, webp, tiff, heic, avif
    case mp4, mov, m4v, threeGP = "3gp", webm, mkv, avi
    /// Camera RAW files, shown by the JPEG preview the camera embedded (`RawPreview`).
    case dng, cr2, cr3, nef, arw, raf, orf, rw2, pef

    /// Whether this is a still picture or a video: videos are probed and framed by ffmpeg, never by ImageMagick.
    public var kind: MediaKind {
        switch self {
        case .jpeg, .png, .gif, .webp, .tiff, .heic, .avif: .photo
        case .dng, .cr2, .cr3, .nef, .arw, .raf, .orf, .rw2, .pef: .photo
        case .mp4, .mov, .m4v, .threeGP, .webm, .mkv, .avi: .video
        }
    }

    /// True for the video formats.
    public var isVideo: Bool { kind == .video }

    /// True for the camera RAW formats: never read by ImageMagick, rendered from their embedded preview.
    public var isRaw: Bool {
        switch self {
        case .dng, .cr2, .cr3, .nef, .arw, .raf, .orf, .rw2, .pef: true
        default: false
        }
    }

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
        case .dng: "image/x-adobe-dng"
        case .cr2: "image/x-canon-cr2"
        case .cr3: "image/x-canon-cr3"
        case .nef: "image/x-nikon-nef"
        case .arw: "image/x-sony-arw"
        case .raf: "image/x-fuji-raf"
        case .orf: "image/x-olympus-orf"
        case .rw2: "image/x-panasonic-rw2"
        case .pef: "image/x-pentax-pef"
        }
    }

    /// The ImageMagick coder that reads this format; named explicitly so ImageMagick never guesses.
    /// Nil for videos and RAW files: ImageMagick would hand them to a delegate, so they never reach it.
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
        case .dng, .cr2, .cr3, .nef, .arw, .raf, .orf, .rw2, .pef: nil
        }
    }
}
