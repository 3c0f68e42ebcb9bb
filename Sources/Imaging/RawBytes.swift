import Foundation

/// Random access to a RAW file's bytes for `RawPreview`: the file's size and a way to read a
/// range of it (`pread` for a file, a slice for bytes in memory). Every read is checked against
/// the size and capped, so no offset or length a file claims can build a bad range or a large
/// allocation.
public struct RawBytes {
    /// The file's size in bytes.
    public let size: Int
    private let fetch: (Int, Int) -> [UInt8]?

    /// The largest single read: more than any IFD, box header or header prefix needs.
    static let maxRead = 1 << 20

    /// Reads through `fetch(offset, count)`, which answers exactly `count` bytes or nil; it is
    /// only called with `0 <= offset`, `offset + count <= size` and `count` at most `maxRead`
    /// (`RawPreview.maxLength` for the preview itself).
    public init(size: Int, fetch: @escaping (Int, Int) -> [UInt8]?) {
        self.size = max(0, size)
        self.fetch = fetch
    }

    /// Over bytes already in memory.
    public init(_ bytes: [UInt8]) {
        self.init(size: bytes.count) { offset, count in Array(bytes[offset..<offset + count]) }
    }

    /// `count` bytes at `offset`, or nil when they are not all inside the file or `count` is over `limit`.
    func read(_ offset: Int, _ count: Int, limit: Int = maxRead) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= limit, offset <= size, count <= size - offset else { return nil }
        guard let bytes = fetch(offset, count), bytes.count == count else { return nil }
        return bytes
    }

    /// Up to `count` bytes at `offset`: fewer when the file ends sooner, nil when `offset` is outside it.
    func readUpTo(_ offset: Int, _ count: Int) -> [UInt8]? {
        guard offset >= 0, offset < size, count > 0 else { return nil }
        return read(offset, min(count, size - offset, Self.maxRead))
    }
}

/// Bounds-checked big- and little-endian reads over a small buffer; out of range reads 0.
struct RawFields {
    let bytes: [UInt8]
    let bigEndian: Bool

    subscript(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

    func u16(_ at: Int) -> Int {
        let a = Int(self[at]), b = Int(self[at &+ 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ at: Int) -> Int {
        let high = u16(at), low = u16(at &+ 2)
        return bigEndian ? high << 16 | low : low << 16 | high
    }
}
