import Imaging

/// A picture as its renditions are named: the content, and the household's turn of it.
public struct Picture: Sendable, Hashable {
    public var sha256: String
    public var rotation: Rotation

    public init(sha256: String, rotation: Rotation = .none) {
        self.sha256 = sha256
        self.rotation = rotation
    }
}
