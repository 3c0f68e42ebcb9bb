/// The household's quarter turns of a picture, clockwise, applied after the file's own EXIF
/// orientation: kept as curation on the content, so the original file is never rewritten.
public enum Rotation: Int, Codable, Sendable, CaseIterable {
    case none = 0
    case right = 90
    case half = 180
    case left = 270

    /// Turned a further quarter clockwise (`clockwise`) or anticlockwise.
    public func turned(clockwise: Bool) -> Rotation {
        Rotation(rawValue: (rawValue + (clockwise ? 90 : 270)) % 360) ?? .none
    }

    /// Whether the picture's width and height trade places.
    public var swapsSides: Bool { self == .right || self == .left }

    /// The EXIF orientation that turns an upright picture this way (1 when not turned).
    var exifOrientation: Int {
        switch self {
        case .none: 1
        case .right: 6
        case .half: 3
        case .left: 8
        }
    }
}
