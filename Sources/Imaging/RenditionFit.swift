/// How a rendition fits its box.
public enum RenditionFit: String, Sendable, Codable {
    /// Fill the box exactly, scaling up if needed and cropping the overflow around the centre.
    case cover
    /// Fit inside the box, keeping the aspect ratio and never upscaling.
    case fit
}
