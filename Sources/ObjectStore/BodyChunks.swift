import AsyncHTTPClient
import SourceContract
import NIOCore

/// An answer's body handed on in chunks of at most `ByteChunks.defaultChunkSize`, each read from
/// the connection only when asked for, so a slow reader holds the download back. Read by one
/// reader at a time, as `ByteChunks` is (one pass; every iterator continues the same reading):
/// that is what makes the unlocked state safe.
final class BodyChunks: @unchecked Sendable {
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    private var pending: ArraySlice<UInt8> = []
    /// Bytes still to pass over before the range starts (a server that ignored the range).
    private var skip: Int64
    /// Bytes still to hand on.
    private var remaining: Int64
    private let key: String

    init(_ body: HTTPClientResponse.Body, skip: Int64, count: Int64, key: String) {
        iterator = body.makeAsyncIterator()
        self.skip = skip
        remaining = count
        self.key = key
    }

    /// The next chunk, or nil after the last; throws when the body ends before the range does.
    func next() async throws -> [UInt8]? {
        guard remaining > 0 else { return nil }
        while pending.isEmpty {
            guard let buffer = try await iterator.next() else {
                throw SourceError.unavailable("“\(key)” changed while it was read.")
            }
            var bytes = ArraySlice(buffer.readableBytesView)
            if skip > 0 {
                let dropped = Int(min(skip, Int64(bytes.count)))
                bytes = bytes.dropFirst(dropped)
                skip -= Int64(dropped)
            }
            pending = bytes
        }
        let size = Int(min(Int64(pending.count), remaining, ByteChunks.defaultChunkSize))
        let chunk = Array(pending.prefix(size))
        pending = pending.dropFirst(size)
        remaining -= Int64(size)
        return chunk
    }
}
