/// An item's bytes in chunks, each read when asked for, so a slow reader holds the reads back
/// rather than filling memory. One pass only: every iterator continues the same reading.
public struct ByteChunks: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    /// What a stream reads at once: the size NIO reads files in.
    public static let defaultChunkSize: Int64 = 128 * 1024
    private let nextChunk: @Sendable () async throws -> [UInt8]?

    /// Chunks from `next`, which returns nil at the end.
    public init(next: @escaping @Sendable () async throws -> [UInt8]?) {
        nextChunk = next
    }

    /// Reads the next chunk when asked.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let nextChunk: @Sendable () async throws -> [UInt8]?

        public mutating func next() async throws -> [UInt8]? { try await nextChunk() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(nextChunk: nextChunk) }
}
