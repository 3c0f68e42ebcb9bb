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
        return ContentIdentity(sha256: Hex.lowercase(hasher.finalize()), size: size)
    }

    /// What one read of a file tells: its format by its first bytes (a TIFF-based RAW by its first
    /// IFD, within them); for an image, its identity
    /// and, for a JPEG, the leading bytes `JPEGHeader` reads. A file that is not an image is
    /// left after its first read, unhashed.
    public struct Examined: Sendable {
        public var format: ImageFormat?
        public var identity: ContentIdentity?
        public var header: [UInt8]
    }

    /// Sniffs, hashes and keeps the header in one pass over the file, so a scan reads each file once.
    /// `ahead`: where the file may already be open and on its way in (`ReadAhead`). `known`: the
    /// identity this process took of the same bytes as they arrived (an upload hashed while it was
    /// written), so only the first chunk is read, for the format and the header.
    public static func examine(fileAt path: String, ahead: ReadAhead? = nil, known: ContentIdentity? = nil) throws -> Examined {
        let fd = ahead?.take(path) ?? open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImagingError.unreadable("cannot open file (\(errnoText()))") }
        defer { close(fd) }
        let bufferSize = JPEGHeader.usefulPrefix
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }

        var hasher = SHA256()
        var size: Int64 = 0
        var format: ImageFormat??
        var header: [UInt8] = []
        while true {
            // Fill the buffer (a short read is not the end), so the first chunk holds the whole header.
            var filled = 0
            while filled < bufferSize {
                let count = read(fd, buffer.baseAddress! + filled, bufferSize - filled)
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ImagingError.unreadable("cannot read file (\(errnoText()))")
                }
                filled += count
            }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
            if format == nil {
                // The first chunk holds the first IFD of any TIFF-based RAW, which tells a DNG from a TIFF.
                let sniffed = ImageFormat.sniff(prefix: chunk.prefix(ImageFormat.rawPrefixLength))
                format = .some(sniffed)
                guard let sniffed else { return Examined(format: nil, identity: nil, header: []) }
                if sniffed == .jpeg { header = Array(chunk) }
                if let known { return Examined(format: sniffed, identity: known, header: header) }
            }
            if filled == 0 { break }
            hasher.update(bufferPointer: chunk)
            size += Int64(filled)
            if filled < bufferSize { break }
        }
        return Examined(format: format ?? nil, identity: ContentIdentity(sha256: Hex.lowercase(hasher.finalize()), size: size), header: header)
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

/// Files opened before they are read, with the kernel asked to start reading each one's first
/// `bytes` at once (`posix_fadvise` WILLNEED) and to go on without waiting. A scan opens a chunk of
/// files this way before it hashes the first: the disk then serves the chunk's reads together
/// instead of one after another, each file waiting out the disk's latency while a core idles.
/// A file larger than `bytes` is read on by the kernel's own read-ahead as it is hashed.
/// Whatever is not taken is closed when this goes.
public final class ReadAhead {
    private var opened: [String: Int32] = [:]

    /// Opens each of `paths` that can be opened; one that cannot is left to `examine` to report.
    public init(paths: some Sequence<String>, bytes: Int = 1 << 20) {
        for path in paths where opened[path] == nil {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            #if canImport(Glibc)
                _ = posix_fadvise(fd, 0, off_t(bytes), POSIX_FADV_WILLNEED)
            #endif
            opened[path] = fd
        }
    }

    /// The open descriptor of `path`, now the caller's to close, or nil.
    func take(_ path: String) -> Int32? { opened.removeValue(forKey: path) }

    deinit { for fd in opened.values { close(fd) } }
}
