/// How a rendition's pixels are stored: JPEG, which every browser shows, or WebP, about half the
/// bytes for the same look at grid sizes, offered to browsers that say they take it (`<picture>`).
public enum RenditionEncoding: String, Sendable, Codable, CaseIterable {
    case jpeg, webp

    /// The file name's extension, in addresses and in the cache.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    /// The quality each is encoded at: chosen so the two look alike on a phone's screen (WebP's
    /// scale is not JPEG's; BENCHMARKS.md has the sizes).
    public var quality: Int {
        switch self {
        case .jpeg: 82
        case .webp: 75
        }
    }

    /// The encoding an extension names; nil for any other.
    public init?(fileExtension: Substring) {
        guard let found = Self.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
        self = found
    }
}
