import Foundation

/// Moves a file, across file systems too, creating the target's folders; never overwrites.
enum FileMover {
    /// Throws `SourceError.alreadyExists(key)`, naming the target as `key`, when something is at `to`.
    static func move(from: String, to: String, naming key: String) throws {
        let folder = (to as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // lstat, not fileExists: a dangling link is something too, and rename would replace it.
            var st = stat()
            guard lstat(to, &st) != 0 else { throw SourceError.alreadyExists(key) }
            // moveItem renames, or copies and then removes across devices.
            try FileManager.default.moveItem(atPath: from, toPath: to)
        } catch let error as SourceError {
            throw error
        } catch {
            throw SourceError.unavailable("The file could not be moved (is the library read-only?).")
        }
    }
}
