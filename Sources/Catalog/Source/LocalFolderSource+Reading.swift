import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a library file's bytes: a range at once, or a stream that reads one chunk ahead.
extension LocalFolderSource {
    public func read(_ key: String, range: Range<Int64>) async throws -> [UInt8] {
        guard let path = resolve(key) else { throw SourceError.notFound(key) }
        return try await pool.run {
            let file = try OpenFile(path: path, key: key)
            return try file.read(range)
        }
    }

    public func stream(_ key: String, range: Range<Int64>) async throws -> ByteChunks {
        guard let path = resolve(key) else { throw SourceError.notFound(key) }
        let file = try await pool.run { try OpenFile(path: path, key: key) }
        let reader = ChunkReader(file: file, range: range, pool: pool)
        return ByteChunks { try await reader.next() }
    }
}

/// An open regular file, closed when released.
final class OpenFile: Sendable {
    private let fd: Int32
    let key: String

    /// Opens `path` for reading; throws `notFound` unless it is a regular file. Non-blocking open,
    /// so a FIFO put where a photo was cannot hang the reader.
    init(path: String, key: String) throws {
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SourceError.notFound(key) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw SourceError.notFound(key)
        }
        self.key = key
    }

    deinit { close(fd) }

    /// Up to `range.count` bytes from `range.lowerBound`; fewer at the end of the file. Blocking.
    func read(_ range: Range<Int64>) throws -> [UInt8] {
        let wanted = Int(max(0, min(range.upperBound - range.lowerBound, Int64(Int32.max))))
        guard range.lowerBound >= 0, wanted > 0 else { return [] }
        return try [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            count = 0
            while count < wanted {
                let n = pread(fd, buffer.baseAddress! + count, wanted - count, off_t(range.lowerBound) + off_t(count))
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { throw SourceError.unavailable("“\(key)” could not be read (\(String(cString: strerror(errno))))") }
                if n == 0 { break }
                count += n
            }
        }
    }
}

/// Reads a range of an open file chunk by chunk on the source's pool, one chunk ahead, so the
/// next read overlaps the sending of the last.
final class ChunkReader: Sendable {
    private let file: OpenFile
    private let end: Int64
    private let pool: BlockingPool
    private let state: Mutex<State>

    private struct State {
        var position: Int64
        var ahead: Task<[UInt8], any Error>?
    }

    init(file: OpenFile, range: Range<Int64>, pool: BlockingPool) {
        self.file = file
        end = range.upperBound
        self.pool = pool
        state = Mutex(State(position: max(0, range.lowerBound)))
    }

    /// The next chunk, or nil after the last.
    func next() async throws -> [UInt8]? {
        guard let current = state.withLock({ $0.ahead.take() ?? start(&$0) }) else { return nil }
        let chunk = try await current.value
        state.withLock { $0.ahead = start(&$0) }
        return chunk
    }

    /// Starts reading the chunk at the current position, or nil at the end.
    private func start(_ state: inout State) -> Task<[UInt8], any Error>? {
        guard state.position < end else { return nil }
        let range = state.position..<min(end, state.position + ByteChunks.defaultChunkSize)
        state.position = range.upperBound
        return Task { [file, pool] in
            let chunk = try await pool.run { try file.read(range) }
            guard chunk.count == range.count else { throw SourceError.unavailable("“\(file.key)” changed while it was read.") }
            return chunk
        }
    }
}
