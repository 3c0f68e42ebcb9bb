import CMagickWand
import Foundation

extension Imaging {
    /// Callers ask for a handful of box sizes; the cap only guards against a caller gone wrong.
    private static let placeholders = LockedCache<[Int], [UInt8]>(capacity: 64)

    /// Served if ImageMagick cannot encode at all, so this function never has to fail: 1×1 grey.
    private static let fallbackPlaceholder = [UInt8](
        Data(base64Encoded: """
            /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpR\
            Uk//wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z
            """) ?? Data())

    /// A neutral grey placeholder JPEG of the given size (generated once per size and cached in memory).
    public static func placeholderJPEG(width: Int, height: Int) -> [UInt8] {
        let w = min(max(width, 1), 4_096)
        let h = min(max(height, 1), 4_096)
        return placeholders.value(for: [w, h]) {
            makePlaceholder(width: w, height: h) ?? fallbackPlaceholder
        }
    }

    private static func makePlaceholder(width: Int, height: Int) -> [UInt8]? {
        bootstrap()
        guard let wand = NewMagickWand() else { return nil }
        defer { DestroyMagickWand(wand) }
        guard let grey = NewPixelWand() else { return nil }
        defer { DestroyPixelWand(grey) }
        PixelSetColor(grey, "#d0d0d0")
        guard MagickNewImage(wand, width, height, grey) == MagickTrue else { return nil }
        return try? encodeJPEG(wand, quality: 60)
    }
}
