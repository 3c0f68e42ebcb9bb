import PostgresNIO
import Testing
import TestSupport
@testable import Catalog

/// `PostgresIdArray` reads the arrays of ids PostgreSQL sends; these are its bytes made by hand,
/// as the server's binary format lays them out, whole and broken.
@Suite struct PostgresIdArrayTests {
    /// An array as the server sends it: dimensions, a has-NULL flag, the element's type, then for
    /// one dimension its length and lower bound, then each element's length and bytes.
    static func array(_ elements: [Int64?], element: UInt32 = 20, width: Int32 = 8, dimensions: Int32 = 1, count: Int32? = nil) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeMultipleIntegers(dimensions, Int32(elements.contains(nil) ? 1 : 0), element, endianness: .big)
        if dimensions > 0 { buffer.writeMultipleIntegers(count ?? Int32(elements.count), Int32(1), endianness: .big) }
        for element in elements {
            guard let element else { buffer.writeInteger(Int32(-1), endianness: .big); continue }
            buffer.writeInteger(width, endianness: .big)
            if width == 8 { buffer.writeInteger(element, endianness: .big) } else { buffer.writeInteger(Int32(truncatingIfNeeded: element), endianness: .big) }
        }
        return buffer
    }

    @Test func wholeArraysOfEitherWidthReadInOrder() throws {
        // given arrays of BIGINT and of INTEGER, and an empty one as the server sends it (no dimension)
        let wide: [Int64] = [Int64.max, 3, -7, 0, Int64.min]
        let empty = Self.array([], dimensions: 0)
        // when read / then every id comes, in order
        #expect(try PostgresIdArray.ids(Self.array(wide), type: .int8Array, format: .binary) == wide)
        #expect(try PostgresIdArray.ids(Self.array([5, -1, Int64(Int32.max)], element: 23, width: 4), type: .int4Array, format: .binary)
            == [5, -1, Int64(Int32.max)])
        #expect(try PostgresIdArray.ids(empty, type: .int8Array, format: .binary) == [])
    }

    @Test func anythingElseIsAnErrorNotATrap() throws {
        let good = Self.array([1, 2, 3])
        var cut = good
        cut.moveWriterIndex(to: good.writerIndex - 3)
        var trailing = good
        trailing.writeInteger(UInt8(0))
        let broken: [(String, ByteBuffer?, PostgresDataType, PostgresFormat)] = [
            ("NULL itself", nil, .int8Array, .binary),
            ("text format", good, .int8Array, .text),
            ("not an array of integers", good, .textArray, .binary),
            ("a NULL element", Self.array([1, nil, 3]), .int8Array, .binary),
            ("cut short", cut, .int8Array, .binary),
            ("a byte too many", trailing, .int8Array, .binary),
            ("two dimensions", Self.array([1, 2], dimensions: 2), .int8Array, .binary),
            ("a negative count", Self.array([1], count: -1), .int8Array, .binary),
            ("a count past the bytes", Self.array([1], count: Int32.max), .int8Array, .binary),
            ("text elements", Self.array([1], element: 25), .int8Array, .binary),
            ("elements narrower than they say", Self.array([1, 2], width: 4), .int8Array, .binary),
            ("no header", ByteBuffer(bytes: [0, 0, 0, 1]), .int8Array, .binary),
        ]
        for (label, bytes, type, format) in broken {
            #expect(throws: PostgresIdArray.Malformed.self, "\(label)") { try PostgresIdArray.ids(bytes, type: type, format: format) }
        }
        // and bytes of no shape at all, and good arrays with bytes flipped, never trap
        var generator = SeededGenerator(seed: 71)
        for _ in 0..<20_000 {
            var bytes: [UInt8]
            if Bool.random(using: &generator) {
                bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                bytes = Array(Self.array((0..<Int.random(in: 0...4, using: &generator)).map { Int64($0) }).readableBytesView)
                if !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            }
            _ = try? PostgresIdArray.ids(ByteBuffer(bytes: bytes), type: .int8Array, format: .binary)
        }
    }
}
