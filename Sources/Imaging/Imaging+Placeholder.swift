import Foundation

extension Imaging {
    /// Callers ask for a handful of box sizes; the cap only guards against a caller gone wrong.
    private static let placeholders = LockedCache<[Int], [UInt8]>(capacity: 64)

    /// Served if libjpeg-turbo cannot encode at all, so this function never has to fail: 1×1 grey.
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

    /// libjpeg-turbo, never ImageMagick: a placeholder stands in for a decode that failed.
    private static func makePlaceholder(width: Int, height: Int) -> [UInt8]? {
        TurboRendition.flat(width: width, height: height, grey: 0xD0, quality: 60)
    }
}
