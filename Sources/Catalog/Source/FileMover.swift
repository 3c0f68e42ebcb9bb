import Foundation

/// Moves a file, across file systems too, creating the target's folders; never overwrites.
enum FileMover {
    static func move(from: String, to: String) throws {
        let folder = (to as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard !FileManager.default.fileExists(atPath: to) else {
                throw CurationError.fileOperationFailed("A file already exists where this one would go.")
            }
            // moveItem renames, or copies and then removes across devices.
            try FileManager.default.moveItem(atPath: from, toPath: to)
        } catch let error as CurationError {
            throw error
        } catch {
            throw CurationError.fileOperationFailed("The file could not be moved (is the library read-only?).")
        }
    }
}
