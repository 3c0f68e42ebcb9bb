import Foundation
@testable import Catalog

/// A temporary library folder and data folder, with helpers that write real images via ImageMagick.
final class TestLibrary {
    let root: String
    let library: String
    let data: String

    init() throws {
        root = NSTemporaryDirectory() + "photolala-test-\(UUID().uuidString)"
        library = root + "/library"
        data = root + "/data"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes a JPEG made by `convert` (distinct content per `seed`), optionally with EXIF via `exiftool`.
    @discardableResult
    func addJPEG(_ key: String, seed: Int, size: String = "64x48", exif: [String] = []) throws -> String {
        let path = library + "/" + key
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Self.run("convert", ["-size", size, "xc:rgb(\(seed % 256),\((seed * 7) % 256),\((seed * 13) % 256))",
                                 "-fill", "white", "-draw", "point \(seed % 40),\(seed % 30)", path])
        if !exif.isEmpty { try Self.run("exiftool", ["-q", "-overwrite_original"] + exif + [path]) }
        return path
    }

    /// Writes raw bytes at a key.
    func addBytes(_ key: String, _ bytes: [UInt8]) throws {
        let path = library + "/" + key
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    func move(_ from: String, to: String) throws {
        let target = library + "/" + to
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: library + "/" + from, toPath: target)
    }

    func remove(_ key: String) throws { try FileManager.default.removeItem(atPath: library + "/" + key) }

    func copy(_ from: String, to: String) throws {
        let target = library + "/" + to
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: library + "/" + from, toPath: target)
    }

    func openStore() throws -> CatalogStore { try CatalogStore.open(dataFolder: data) }

    func scanner(_ store: CatalogStore, monitor: ScanMonitor = ScanMonitor()) -> LibraryScanner {
        LibraryScanner(source: LocalFolderSource(root: library), store: store, journal: ReadJournal(dataFolder: data), monitor: monitor, workers: 2)
    }

    static func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + args
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}
