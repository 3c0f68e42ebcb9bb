import Foundation
import ObjectStore
import TestSupport
@testable import Catalog

/// A temporary library (a folder on disk, an in-memory source or a bucket) and data folder, with helpers
/// that write real images via ImageMagick.
final class TestLibrary {
    let kind: SourceKind
    let root: String
    let library: String
    let data: String
    /// The library as the scanner and the trash see it.
    let source: any PhotoSource
    /// The same source, for a `.memory` library.
    let memory: InMemorySource?
    /// The bucket, for an `.s3` library.
    let bucket: S3TestBucket?

    init(_ kind: SourceKind = .folder) throws {
        self.kind = kind
        root = NSTemporaryDirectory() + "photolala-test-\(UUID().uuidString)"
        library = root + "/library"
        data = root + "/data"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        (source, memory) = try kind.makeSource(library: library, trashFolder: data + "/trash")
        bucket = (source as? S3Source).map(S3TestBucket.init)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes a JPEG made by `convert` (distinct content per `seed`), optionally with EXIF via `exiftool`.
    func addJPEG(_ key: String, seed: Int, size: String = "64x48", exif: [String] = []) throws {
        try addBytes(key, TestImages.jpeg(seed: seed, size: size, exif: exif))
    }

    /// Writes raw bytes at a key.
    func addBytes(_ key: String, _ bytes: [UInt8]) throws {
        if let memory { return memory.put(key, bytes) }
        if let bucket { return try bucket.put(key, bytes) }
        let path = library + "/" + key
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    func move(_ from: String, to: String) throws {
        if let memory { return memory.move(from, to: to) }
        if let bucket { return try bucket.move(from, to: to) }
        let target = library + "/" + to
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: library + "/" + from, toPath: target)
    }

    func remove(_ key: String) throws {
        if let memory { return memory.remove(key) }
        if let bucket { return try bucket.remove(key) }
        try FileManager.default.removeItem(atPath: library + "/" + key)
    }

    func copy(_ from: String, to: String) throws {
        if let memory { return memory.put(to, memory.bytes(from) ?? []) }
        if let bucket { return try bucket.copy(from, to: to) }
        let target = library + "/" + to
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: library + "/" + from, toPath: target)
    }

    /// Makes the library unreadable, as an unmounted drive is; the reason says "does not exist".
    func takeOffline() throws {
        if let memory { return memory.setOffline("does not exist (taken offline by the test)") }
        if let bucket { return try bucket.takeAway() }
        try FileManager.default.moveItem(atPath: library, toPath: root + "/unmounted")
    }

    /// The temporary copies the source made for decoders that still exist (none for a folder).
    func temporaryFiles() -> [String] {
        if let memory { return memory.temporaryFiles() }
        guard let s3 = source as? S3Source else { return [] }
        return (try? FileManager.default.contentsOfDirectory(atPath: s3.temporaryFolder)) ?? []
    }

    /// The trash's keys, for a source that is not a folder.
    var trashKeys: [String] { memory?.trashKeys ?? bucket?.trashKeys ?? [] }

    func openStore() throws -> CatalogStore { try CatalogStore.open(dataFolder: data) }

    /// A second catalog of the same library, in a data folder of its own beside the first.
    func openStore(dataFolder name: String) throws -> CatalogStore { try CatalogStore.open(dataFolder: root + "/" + name) }

    func scanner(_ store: CatalogStore, monitor: ScanMonitor = ScanMonitor(), workers: Int = 2) -> LibraryScanner {
        LibraryScanner(source: source, store: store, journal: ReadJournal(dataFolder: data), monitor: monitor, workers: workers)
    }

    static func run(_ tool: String, _ args: [String]) throws { try TestImages.run(tool, args) }
}
