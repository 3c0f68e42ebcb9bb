/// Why Imaging could not read, probe or render a file.
public enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Could not open, read or decode; the string is a short human reason without paths.
    case unreadable(String)
    /// The bytes are not in a format Photolala accepts.
    case notAnImage
    /// The image has more pixels (width × height) than `Imaging.maxPixels`.
    case tooManyPixels(Int)

    /// A one-line message fit for logs and error pages.
    public var description: String {
        switch self {
        case .unreadable(let reason): "unreadable image: \(reason)"
        case .notAnImage: "not an image in a supported format"
        case .tooManyPixels(let pixels): "image too large: \(pixels) pixels (limit \(Imaging.maxPixels))"
        }
    }
}
