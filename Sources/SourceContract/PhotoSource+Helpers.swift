import Synchronization

extension PhotoSource {
    public func localFiles(forKeys keys: [String]) async -> [SourceFetch] {
        var files: [SourceFetch] = []
        files.reserveCapacity(keys.count)
        for key in keys { files.append(await SourceFetch.of { try await localFile(forKey: key) }) }
        return files
    }

    /// Runs `body` with the item's bytes in a local file, kept until `body` returns; nil when there is no such item.
    public func withLocalFile<T>(forKey key: String, _ body: (LocalFile) async throws -> T) async throws -> T? {
        guard let file = try await localFile(forKey: key) else { return nil }
        defer { withExtendedLifetime(file) {} }
        return try await body(file)
    }

    /// `stream(_:range:)` for a source that reads ranges cheaply (an object store's ranged GET):
    /// one `read` per chunk.
    public func streamByReading(_ key: String, range: Range<Int64>, chunkSize: Int64 = ByteChunks.defaultChunkSize) async throws -> ByteChunks {
        guard try await entry(forKey: key) != nil else { throw SourceError.notFound(key) }
        let cursor = Cursor(range.lowerBound)
        return ByteChunks { [self] in
            let start = cursor.position
            guard start < range.upperBound else { return nil }
            let chunk = try await read(key, range: start..<min(range.upperBound, start + chunkSize))
            guard !chunk.isEmpty else { throw SourceError.unavailable("“\(key)” changed while it was read.") }
            cursor.position = start + Int64(chunk.count)
            return chunk
        }
    }
}

/// Where a chunked read has got to.
private final class Cursor: Sendable {
    private let offset: Mutex<Int64>
    init(_ start: Int64) { offset = Mutex(start) }
    var position: Int64 {
        get { offset.withLock { $0 } }
        set { offset.withLock { $0 = newValue } }
    }
}
