import NIOCore
import PostgresNIO

/// A one-dimensional `BIGINT[]` or `INTEGER[]` as the server sends it in binary, read into ids
/// without a step of generic decoding each (postgres-nio's own array decoding costs about 130 ns
/// an element, most of it in generic metadata looked up at run time; a million ids took a fifth
/// of a second of the event loop). Total: bytes of any other shape, a NULL among the elements,
/// or a count the bytes do not hold are an error, never a trap.
enum PostgresIdArray {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The ids a column holding such an array sends (`cell.bytes`, `dataType`, `format`).
    static func ids(_ bytes: ByteBuffer?, type: PostgresDataType, format: PostgresFormat) throws -> [Int64] {
        guard var buffer = bytes else { throw Malformed(description: "a list of ids was NULL") }
        guard format == .binary, type == .int8Array || type == .int4Array else {
            throw Malformed(description: "a list of ids came as \(type) in \(format) format")
        }
        guard let (dimensions, _, element) = buffer.readMultipleIntegers(endianness: .big, as: (Int32, Int32, UInt32).self) else {
            throw Malformed(description: "a list of ids was cut short")
        }
        // No row: no dimension at all.
        if dimensions == 0 && buffer.readableBytes == 0 { return [] }
        let width: Int32
        switch PostgresDataType(element) {
        case .int8: width = 8
        case .int4: width = 4
        default: throw Malformed(description: "a list of ids held elements of type \(element)")
        }
        guard dimensions == 1, let (count, _) = buffer.readMultipleIntegers(endianness: .big, as: (Int32, Int32).self), count >= 0,
              buffer.readableBytes == Int(count) * Int(4 + width) else {
            throw Malformed(description: "a list of ids was not one dimension of whole numbers")
        }
        var ids = [Int64]()
        ids.reserveCapacity(Int(count))
        for _ in 0..<count {
            // A NULL is a length of -1, and then the bytes no longer add up either.
            guard let length = buffer.readInteger(endianness: .big, as: Int32.self), length == width else {
                throw Malformed(description: "a list of ids held a NULL")
            }
            let id: Int64? = width == 8 ? buffer.readInteger(endianness: .big, as: Int64.self)
                : buffer.readInteger(endianness: .big, as: Int32.self).map(Int64.init)
            guard let id else { throw Malformed(description: "a list of ids was cut short") }
            ids.append(id)
        }
        return ids
    }
}
