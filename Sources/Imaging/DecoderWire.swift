import Foundation

/// The decoder workers' wire protocol: one JSON object a line, a request down the worker's
/// standard input and an answer back up its standard output. Both ends treat the other's bytes
/// as untrusted (a worker may die mid-line or be made to print anything by a hostile file), so
/// framing and decoding are total: a malformed or oversized line is a thrown error, never a trap.
public enum DecoderWire {
    /// The longest line either side accepts: a 1440-px rendition is about 1 MB, 1.4 MB as base64.
    public static let maxLine = 64 << 20

    /// What goes to a worker.
    public struct Request: Codable, Sendable, Equatable {
        public var op: String
        public var path: String
        public var format: ImageFormat
        public var width = 0
        public var height = 0
        public var fit = RenditionFit.cover
        public var quality = 82
        /// The household's turn after the EXIF orientation; absent means none.
        public var rotation: Rotation?
        /// How the rendition is stored; absent means JPEG.
        public var encoding: RenditionEncoding?
        /// Seconds the worker may spend on this request before it gives up itself.
        public var timeout: Double?
    }

    /// What comes back.
    public struct Answer: Codable, Sendable, Equatable {
        public var probe: ImageProbe?
        /// The rendition's bytes: a JPEG, or the encoding the request named.
        public var jpeg: Data?
        /// How alike and how sharp the picture is, for a `likeness` request.
        public var likeness: Likeness?
        public var error: String?
        public var tooManyPixels: Int?
        public var notAnImage: Bool?
        public var timedOut: Double?
    }

    /// A line that cannot be read as the message it should be.
    public enum Failure: Error, Equatable {
        case lineTooLong
        case malformed
    }

    /// Splits a byte stream into lines, holding at most `maxLine` bytes of an unfinished one.
    public struct LineFramer: Sendable {
        private var pending: [UInt8] = []
        private var scanned = 0
        public let limit: Int

        public init(limit: Int = DecoderWire.maxLine) { self.limit = max(1, limit) }

        /// Adds bytes as they arrive.
        public mutating func append(_ bytes: some Sequence<UInt8>) { pending.append(contentsOf: bytes) }

        /// The next whole line without its newline, nil until one is complete; throws once an
        /// unfinished line is longer than the limit (the stream cannot be trusted after that).
        public mutating func nextLine() throws -> [UInt8]? {
            guard let newline = pending[scanned...].firstIndex(of: 0x0A) else {
                scanned = pending.count
                if pending.count > limit { throw Failure.lineTooLong }
                return nil
            }
            guard newline <= limit else { throw Failure.lineTooLong }
            let line = Array(pending[..<newline])
            pending.removeFirst(newline + 1)
            scanned = 0
            return line
        }
    }

    /// Decodes a request line.
    public static func decodeRequest(_ line: [UInt8]) throws -> Request { try decode(Request.self, line) }

    /// Decodes an answer line.
    public static func decodeAnswer(_ line: [UInt8]) throws -> Answer { try decode(Answer.self, line) }

    /// Encodes a message as one line, newline included.
    public static func encode(_ message: some Encodable) throws -> Data {
        var data = try JSONEncoder().encode(message)
        data.append(0x0A)
        return data
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ line: [UInt8]) throws -> T {
        do { return try JSONDecoder().decode(type, from: Data(line)) } catch { throw Failure.malformed }
    }
}
