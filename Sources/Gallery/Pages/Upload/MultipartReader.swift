import NIOCore

/// An incremental `multipart/form-data` reader over NIO's buffers: `MultipartParser` does the
/// parsing on plain bytes, this hands it each chunk of the request body and its data back as buffers.
struct MultipartReader {
    enum Event: Equatable {
        /// A part begins: its form field name and, for a file, the file name the browser sent.
        case part(name: String, filename: String?)
        case data(ByteBuffer)
        case partEnd
    }

    typealias Failure = MultipartParser.Failure

    private var parser: MultipartParser

    /// Reads the boundary from a `Content-Type` header.
    init(contentType: String) throws {
        parser = try MultipartParser(contentType: contentType)
    }

    /// Whether the closing delimiter has been read.
    var isFinished: Bool { parser.isFinished }

    /// Feeds the next bytes and returns what they completed.
    mutating func feed(_ chunk: ByteBuffer) throws -> [Event] {
        try parser.feed(chunk.readableBytesView).map { event -> Event in
            switch event {
            case .part(let name, let filename): .part(name: name, filename: filename)
            case .data(let bytes): .data(ByteBuffer(bytes: bytes))
            case .partEnd: .partEnd
            }
        }
    }

    /// Call when the body has ended: a body that stops before its closing delimiter is malformed.
    func finish() throws { try parser.finish() }
}
