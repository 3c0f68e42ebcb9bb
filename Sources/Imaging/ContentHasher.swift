import Crypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Computes content identities by streaming files through SHA-256.
public enum ContentHasher {
    /// Large enough to keep syscalls rare, small enough that many scans in parallel stay cheap.
    static let chunkSize = 1 << 20

    /// Streams the file (1 MiB reads with read(2); never the whole file in memory) and returns its identity.
    public static func identity(ofFileAt path: String) throws -> ContentIdentity {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImagingError.unreadable("cannot open file (\(errnoText()))") }
        defer { close(fd) }

        var hasher = SHA256()
        var size: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer.baseAddress, chunkSize)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImagingError.unreadable("cannot read file (\(errnoText()))")
            }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            size += Int64(count)
        }
        return ContentIdentity(sha256: hex(Array(hasher.finalize())), size: size)
    }

    /// Lowercase hex without going through String(format:), which is slow on Linux.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
