import CompressNIO
import NIOCore

/// A gzip-compressed body as text.
func gunzip(_ body: ByteBuffer) throws -> String {
    var body = body
    return String(buffer: try body.decompress(with: .gzip()))
}
