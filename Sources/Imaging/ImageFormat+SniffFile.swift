import Foundation

extension ImageFormat {
    /// Reads the first bytes of the file and sniffs them (`sniff(prefix:)`, so a DNG is no TIFF). Throws ImagingError.unreadable if the file can't be opened/read.
    public static func sniff(fileAt path: String) throws -> ImageFormat? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImagingError.unreadable("cannot open file")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: rawPrefixLength) ?? Data()
            return sniff(prefix: data)
        } catch {
            throw ImagingError.unreadable("cannot read file")
        }
    }
}
