import Foundation

/// Writes files so readers see the whole file or nothing: a temp name in the same folder, then rename.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temp = folder + "/.tmp-\(UInt64.random(in: 0...UInt64.max))"
        let created = FileManager.default.createFile(atPath: temp, contents: Data(bytes))
        guard created else {
            unlink(temp)  // a disk that filled up mid-write leaves nothing half-written behind
            throw CocoaError(.fileWriteOutOfSpace)
        }
        if rename(temp, path) != 0 {
            unlink(temp)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
