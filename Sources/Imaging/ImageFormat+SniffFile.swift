import Foundation

extension ImageFormat {
    /// Reads up to the first 64 bytes of the file and sniffs them. Throws ImagingError.unreadable if the file can't be opened/read.
    public static func sniff(fileAt path: String) throws -> ImageFormat? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImagingError.unreadable("cannot open file")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: sniffLength) ?? Data()
            return sniff(data)
        } catch {
            throw ImagingError.unreadable("cannot read file")
        }
    }
}
