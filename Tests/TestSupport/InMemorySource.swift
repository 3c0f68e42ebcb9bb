import Catalog
import Foundation
import Synchronization

/// A `PhotoSource` held in memory, for tests: the same contract as a folder on disk (valid keys
/// only, never overwriting, a trash apart from the library, a change stream), so the scanner,
/// trash, upload and originals tests run against both. Decoders need real files, so
/// `localFile(forKey:)` writes a temporary copy into `temporaryFolder`, removed when released.
public final class InMemorySource: PhotoSource {
    private struct Item {
        var bytes: [UInt8]
        var mtimeNs: Int64
    }

    private struct State {
        var items: [String: Item] = [:]
        var trash: [String: Item] = [:]
        var clock: Int64 = 1_700_000_000_000_000_000
        var offline: String?
        var readOnly = false
        var watchers: [UUID: AsyncStream<Void>.Continuation] = [:]

        /// A modification time later than every earlier one, as a file system's would be.
        mutating func tick() -> Int64 {
            clock = max(clock + 1, Int64(Date().timeIntervalSince1970 * 1_000_000_000))
            return clock
        }

        /// Whether `key` is in use: an item, a folder of items, or under an item (as a folder cannot be a file too).
        func isTaken(_ key: String) -> Bool {
            if items[key] != nil { return true }
            let asFolder = key + "/"
            if items.keys.contains(where: { $0.hasPrefix(asFolder) }) { return true }
            var folder = SourceKey.folder(of: key)
            while !folder.isEmpty {
                if items[folder] != nil { return true }
                folder = SourceKey.folder(of: folder)
            }
            return false
        }

        func changed() {
            for watcher in watchers.values { watcher.yield() }
        }
    }

    private let state = Mutex(State())
    private let canWatch: Bool
    public let displayName: String
    /// Where the temporary copies handed to decoders go; empty whenever none is in use.
    public let temporaryFolder: String

    /// An empty source; `canWatch: false` makes it one that cannot tell about changes.
    public init(name: String = "memory", canWatch: Bool = true) {
        displayName = name
        self.canWatch = canWatch
        temporaryFolder = NSTemporaryDirectory() + "photolala-memory-\(UUID().uuidString)"
    }

    deinit {
        state.withLock { $0.watchers.values.forEach { $0.finish() } }
        try? FileManager.default.removeItem(atPath: temporaryFolder)
    }

    // MARK: what tests do to it

    /// Writes (or replaces) the item at `key` with a new modification time.
    public func put(_ key: String, _ bytes: [UInt8]) {
        precondition(SourceKey.isValid(key), "not a valid key: \(key)")
        state.withLock { state in
            state.items[key] = Item(bytes: bytes, mtimeNs: state.tick())
            state.changed()
        }
    }

    /// Removes the item at `key`, as someone deleting a file would.
    public func remove(_ key: String) {
        state.withLock { state in
            state.items[key] = nil
            state.changed()
        }
    }

    /// Moves an item to another key, keeping its bytes and modification time, as a rename would.
    public func move(_ from: String, to: String) {
        precondition(SourceKey.isValid(to), "not a valid key: \(to)")
        state.withLock { state in
            guard let item = state.items.removeValue(forKey: from) else { return }
            state.items[to] = item
            state.changed()
        }
    }

    /// The bytes of the item at `key`, or nil.
    public func bytes(_ key: String) -> [UInt8]? { state.withLock { $0.items[key]?.bytes } }

    /// Every key in the library, sorted.
    public var keys: [String] { state.withLock { $0.items.keys.sorted() } }

    /// Every key in the trash, sorted.
    public var trashKeys: [String] { state.withLock { $0.trash.keys.sorted() } }

    /// Makes the source unreadable (`reason` says why, as a clause), or readable again with nil.
    public func setOffline(_ reason: String?) { state.withLock { $0.offline = reason } }

    /// Makes the source refuse every write, or accept them again.
    public func setReadOnly(_ readOnly: Bool) { state.withLock { $0.readOnly = readOnly } }

    /// The temporary copies that still exist.
    public func temporaryFiles() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? [] }

    // MARK: PhotoSource

    public func unavailableReason() async -> String? {
        state.withLock { $0.offline }.map { "the library \($0)" }
    }

    public func isWritable() async -> Bool {
        state.withLock { !$0.readOnly && $0.offline == nil }
    }

    public func list() async throws -> SourceListing {
        try state.withLock { state in
            if let reason = state.offline { throw SourceError.unavailable("The library \(displayName) \(reason).") }
            let visible = state.items.filter { key, _ in !key.split(separator: "/").contains { $0.hasPrefix(".") } }
            return SourceListing(entries: visible.keys.sorted().map { SourceEntry(key: $0, size: Int64(visible[$0]!.bytes.count), mtimeNs: visible[$0]!.mtimeNs) })
        }
    }

    public func entry(forKey key: String) async throws -> SourceEntry? {
        item(key).map { SourceEntry(key: key, size: Int64($0.bytes.count), mtimeNs: $0.mtimeNs) }
    }

    public func read(_ key: String, range: Range<Int64>) async throws -> [UInt8] {
        guard let item = item(key) else { throw SourceError.notFound(key) }
        return Self.slice(item.bytes, range)
    }

    public func stream(_ key: String, range: Range<Int64>) async throws -> ByteChunks {
        try await streamByReading(key, range: range)
    }

    /// Nil always: nothing of this source is on disk but the temporary copies.
    public func localPath(forKey key: String) -> String? { nil }

    /// Throws `SourceError.unavailable` while the source is offline: an item that cannot be read
    /// now is not gone.
    public func localFile(forKey key: String) async throws -> LocalFile? {
        if let reason = state.withLock({ $0.offline }) { throw SourceError.unavailable("The library \(displayName) \(reason).") }
        guard let item = item(key) else { return nil }
        return try temporaryCopy(item, entry: SourceEntry(key: key, size: Int64(item.bytes.count), mtimeNs: item.mtimeNs))
    }

    public func writeSidecar(_ key: String, bytes: [UInt8]) async throws -> SourceEntry {
        guard SourceKey.isSidecar(key) else { throw SourceError.unavailable("Only a sidecar (a name ending in .xmp) is written over.") }
        return try state.withLock { state in
            guard !state.readOnly, state.offline == nil else { throw SourceError.unavailable("The sidecar could not be written.") }
            let item = Item(bytes: bytes, mtimeNs: state.tick())
            state.items[key] = item
            state.changed()
            return SourceEntry(key: key, size: Int64(bytes.count), mtimeNs: item.mtimeNs)
        }
    }

    public func add(stagedFile: String, folder: String, name: String) async throws -> String {
        guard SourceKey.isValid(folder + "/" + name) else { throw SourceError.unavailable("The upload folder or file name is not valid.") }
        guard let data = FileManager.default.contents(atPath: stagedFile) else {
            throw SourceError.unavailable("The file could not be written to the library (is the disk full?).")
        }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let (stem, ext) = dot.map { (String(name[..<$0]), String(name[$0...])) } ?? (name, "")
        return try state.withLock { state in
            guard !state.readOnly, state.offline == nil else { throw SourceError.unavailable("The file could not be added to the library.") }
            for n in 1...1000 {
                let key = folder + "/" + (n == 1 ? name : "\(stem) (\(n))\(ext)")
                if state.isTaken(key) { continue }
                state.items[key] = Item(bytes: [UInt8](data), mtimeNs: state.tick())
                state.changed()
                return key
            }
            throw SourceError.unavailable("Too many files called \(name) in \(folder).")
        }
    }

    public func moveToTrash(_ key: String, as trashKey: String) async throws {
        guard SourceKey.isValid(trashKey) else { throw SourceError.unavailable("“\(trashKey)” is not a valid trash key.") }
        try state.withLock { state in
            guard SourceKey.isValid(key), state.offline == nil, let item = state.items[key] else { throw SourceError.notFound(key) }
            guard !state.readOnly else { throw SourceError.unavailable("The file could not be moved (is the library read-only?).") }
            guard state.trash[trashKey] == nil else { throw SourceError.alreadyExists(trashKey) }
            state.items[key] = nil
            state.trash[trashKey] = item
            state.changed()
        }
    }

    public func restore(fromTrash trashKey: String, to key: String) async throws -> SourceEntry {
        guard SourceKey.isValid(key) else { throw SourceError.unavailable("“\(key)” is not a valid place in the library.") }
        return try state.withLock { state in
            guard SourceKey.isValid(trashKey), let item = state.trash[trashKey] else { throw SourceError.notFound(trashKey) }
            guard !state.readOnly, state.offline == nil else { throw SourceError.unavailable("The file could not be moved (is the library read-only?).") }
            guard !state.isTaken(key) else { throw SourceError.alreadyExists(key) }
            state.trash[trashKey] = nil
            state.items[key] = item
            state.changed()
            return SourceEntry(key: key, size: Int64(item.bytes.count), mtimeNs: item.mtimeNs)
        }
    }

    public func deleteFromTrash(_ trashKey: String) async throws {
        guard SourceKey.isValid(trashKey) else { throw SourceError.unavailable("“\(trashKey)” is not a valid trash key.") }
        state.withLock { _ = $0.trash.removeValue(forKey: trashKey) }
    }

    public func trashEntry(_ trashKey: String) async throws -> SourceEntry? {
        guard SourceKey.isValid(trashKey) else { return nil }
        return state.withLock { $0.trash[trashKey] }.map { SourceEntry(key: trashKey, size: Int64($0.bytes.count), mtimeNs: $0.mtimeNs) }
    }

    public func trashedFile(_ trashKey: String) async throws -> LocalFile? {
        guard SourceKey.isValid(trashKey), let item = state.withLock({ $0.trash[trashKey] }) else { return nil }
        return try temporaryCopy(item, entry: SourceEntry(key: trashKey, size: Int64(item.bytes.count), mtimeNs: item.mtimeNs))
    }

    public func changes() throws -> AsyncStream<Void> {
        guard canWatch else { throw SourceError.cannotWatch("This library cannot be watched for changes.") }
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        state.withLock { $0.watchers[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.watchers.removeValue(forKey: id) } }
        return stream
    }

    // MARK: helpers

    /// The library item at a valid key, unless the source is offline.
    private func item(_ key: String) -> Item? {
        guard SourceKey.isValid(key) else { return nil }
        return state.withLock { $0.offline == nil ? $0.items[key] : nil }
    }

    /// A temporary file with the item's bytes (named with its extension, which some decoders heed).
    private func temporaryCopy(_ item: Item, entry: SourceEntry) throws -> LocalFile {
        try FileManager.default.createDirectory(atPath: temporaryFolder, withIntermediateDirectories: true)
        let name = SourceKey.name(of: entry.key)
        let ext = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
        let path = temporaryFolder + "/" + UUID().uuidString + ext
        guard FileManager.default.createFile(atPath: path, contents: Data(item.bytes)) else {
            throw SourceError.unavailable("A temporary copy of “\(entry.key)” could not be written.")
        }
        return LocalFile(path: path, entry: entry, isTemporary: true)
    }

    private static func slice(_ bytes: [UInt8], _ range: Range<Int64>) -> [UInt8] {
        let lower = Int(clamping: max(0, min(range.lowerBound, Int64(bytes.count))))
        let upper = Int(clamping: max(Int64(lower), min(range.upperBound, Int64(bytes.count))))
        return Array(bytes[lower..<upper])
    }
}
