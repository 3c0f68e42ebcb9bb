import Catalog
import Hummingbird
import Synchronization

/// The API's listings and photos as they were last answered, for the same view of the same
/// catalog: a frame asking for its album every few seconds, or a dashboard its page, costs a
/// look-up and no query or JSON encoding while nothing changed. An answer is keyed on the
/// view's audience (whose favorites, which private photos, which link), the request's path and
/// query, and the catalog's and the look-alikes' versions, which grow with every change anyone
/// could see (on any instance of a shared catalog); it is never kept past them. Bounded in
/// bytes; past the bound it starts again empty.
final class APIAnswers: Sendable {
    struct Key: Hashable, Sendable {
        var audience: Audience
        var uri: String
        var version: Int
        var likeness: Int
    }

    struct Answer: Sendable {
        var headers: HTTPFields
        var body: ByteBuffer
    }

    private let answers = Mutex<(entries: [Key: Answer], bytes: Int)>(([:], 0))
    let capacity: Int

    init(capacityBytes: Int = 16 << 20) { capacity = capacityBytes }

    /// Whether an answer to `path` may be kept: a photo listing, or one photo's facts.
    static func keeps(_ path: String) -> Bool {
        if path == APIDoor.prefix + "photos" { return true }
        guard path.hasPrefix(APIDoor.prefix + "photos/") else { return false }
        return !path.dropFirst(APIDoor.prefix.count + 7).contains("/")
    }

    func answer(_ key: Key) -> Response? {
        guard let found = answers.withLock({ $0.entries[key] }) else { return nil }
        return Response(status: .ok, headers: found.headers, body: .init(byteBuffer: found.body))
    }

    /// Keeps a 200's body (read whole here) and answers with it.
    func keep(_ response: Response, for key: Key) async throws -> Response {
        guard response.status == .ok else { return response }
        let box = Collected()
        try await response.body.write(CollectingWriter(box: box))
        let body = box.buffer.withLock { $0 }
        let answer = Answer(headers: response.headers, body: body)
        answers.withLock { state in
            if state.bytes + body.readableBytes > capacity { state = ([:], 0) }
            guard body.readableBytes <= capacity / 4 else { return }
            state.entries[key] = answer
            state.bytes += body.readableBytes
        }
        return Response(status: .ok, headers: response.headers, body: .init(byteBuffer: body))
    }

    private final class Collected: Sendable {
        let buffer = Mutex(ByteBuffer())
    }

    private struct CollectingWriter: ResponseBodyWriter {
        let box: Collected
        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            box.buffer.withLock { $0.writeBuffer(&buffer) }
        }
        mutating func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
            for buffer in buffers { try await write(buffer) }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
