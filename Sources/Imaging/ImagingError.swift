/// Why Imaging could not read, probe or render a file.
public enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Could not open, read or decode; the string is a short human reason without paths.
    case unreadable(String)
    /// The bytes are not in a format Photolala accepts.
    case notAnImage
    /// The image has more pixels (width × height) than `Imaging.maxPixels`.
    case tooManyPixels(Int)
    /// The decode ran past its time limit (seconds) and was stopped.
    case timedOut(Double)
    /// ffprobe or ffmpeg could not read a video, or is missing; the string is a short reason without paths.
    case unreadableVideo(String)

    /// A one-line message fit for logs and error pages.
    public var description: String {
        switch self {
        case .unreadable(let reason): "unreadable image: \(reason)"
        case .notAnImage: "not an image in a supported format"
        case .tooManyPixels(let pixels): "image too large: \(pixels) pixels (limit \(Imaging.maxPixels))"
        case .timedOut(let seconds): "decoding took longer than \(Self.seconds(seconds)) s and was stopped"
        case .unreadableVideo(let reason): "unreadable video: \(reason)"
        }
    }

    /// Whole seconds as "30", fractions as "0.5".
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
