/// Bytes as lowercase hex: digests, MACs and tokens alike. Written straight into the string's
/// own UTF-8 storage, since `String(format:)` and a `String(_:radix:)` a byte are slow on Linux
/// and a session's token is turned into hex on every signed-in request.
public enum Hex {
    public static func lowercase<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let written = bytes.withContiguousStorageIfAvailable({ lowercase(buffer: $0) }) { return written }
        return lowercase(buffer: Array(bytes))
    }

    private static func lowercase(buffer bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            var i = 0
            for byte in bytes {
                out[i] = digit(byte >> 4)
                out[i + 1] = digit(byte & 0x0F)
                i += 2
            }
            return i
        }
    }

    @inline(__always) private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 48 + nibble : 87 + nibble
    }
}
