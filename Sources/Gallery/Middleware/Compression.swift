import CompressNIO
import Foundation
import Hummingbird
import NIOCore

/// Pages and other text sent gzip-compressed when the browser says it takes gzip: a 60-photo
/// group page of about 60 KB goes out as about 7 KB, which is what a phone on mobile data
/// waits for. Only whole bodies of a known size are compressed (pages are rendered whole);
/// streamed answers such as a zip, and images, which are compressed already, pass as they are.
/// A response that already has an encoding (a static file's gzip copy) is left alone. Applied by
/// `ResponseMiddleware`.
enum Compression {
    /// Smaller bodies gain less than the encoding costs; larger ones are not pages.
    static let minimumSize = 1_024
    static let maximumSize = 8 << 20
    /// The media types worth compressing.
    static let compressible = ["text/html", "text/css", "text/javascript", "text/plain", "image/svg+xml", "application/json"]

    static func isCompressible(_ contentType: String?) -> Bool {
        // Read as bytes, without building strings: every response passes through here.
        guard let contentType else { return false }
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        return compressibleBytes.contains { candidate in
            candidate.count == type.count && zip(candidate, type).allSatisfy { $0 == ($1 | ($1 >= 65 && $1 <= 90 ? 0x20 : 0)) }
        }
    }

    private static let compressibleBytes = compressible.map { Array($0.utf8) }

    /// Decides, without an async call, whether this response is compressed for this request: a
    /// text answer gets `Vary: Accept-Encoding` either way, and the length of the body to
    /// compress comes back when it is worth it; nil for everything else (images, most answers).
    static func plan(_ response: inout Response, for request: Request) -> Int? {
        // (the field itself: reading it by name joins every field of the name into a new string)
        guard isCompressible(response.headers.first { $0.name == .contentType }?.value),
              !response.headers.contains(.contentEncoding) else { return nil }
        // A cache in between must keep the two forms apart, whichever this one is.
        addVary(&response.headers)
        guard AcceptEncoding.allowsGzip(request.headers[.acceptEncoding]), response.status != .notModified,
              let length = response.body.contentLength, (minimumSize...maximumSize).contains(length) else {
            return nil
        }
        return length
    }

    /// Compresses a body of `length` bytes that `plan` chose.
    static func compress(_ response: inout Response, length: Int) async throws {
        let collector = BodyCollector(capacity: length)
        try await response.body.write(collector)
        let compressed = try gzip(collector.buffer)
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        response.body = ResponseBody(byteBuffer: compressed)
    }

    /// A page's bytes gzip-compressed, as every compressed page is.
    static func gzip(_ plain: ByteBuffer) throws -> ByteBuffer {
        var plain = plain
        return try plain.compress(with: .gzip(configuration: .init(compressionLevel: 5)))
    }

    /// Adds `Accept-Encoding` to the response's `Vary`, keeping what is there.
    static func addVary(_ headers: inout HTTPFields) {
        // Most responses have no Vary yet.
        guard headers.contains(.vary) else {
            headers[.vary] = "Accept-Encoding"
            return
        }
        let listed = headers[values: .vary].contains { HeaderList.contains($0, "Accept-Encoding") || HeaderList.contains($0, "*") }
        guard !listed else { return }
        headers[values: .vary].append("Accept-Encoding")
    }
}

/// Keeps what a response body writes, so that it can be compressed as one.
private final class BodyCollector: ResponseBodyWriter {
    var buffer: ByteBuffer

    init(capacity: Int) { buffer = ByteBufferAllocator().buffer(capacity: capacity) }

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
