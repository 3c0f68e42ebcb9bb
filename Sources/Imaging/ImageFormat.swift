/// Image formats Photolala accepts, recognised by their bytes.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg, png, gif, webp, tiff, heic

    /// The media type to serve the original file with.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .tiff: "image/tiff"
        case .heic: "image/heic"
        }
    }

    /// The ImageMagick coder that reads this format; named explicitly so ImageMagick never guesses.
    public var magickCoder: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WEBP"
        case .tiff: "TIFF"
        case .heic: "HEIC"
        }
    }
}
