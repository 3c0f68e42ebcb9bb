#if canImport(Glibc)
    import Glibc
#endif

/// Hands the pages the allocator holds free back to the system, after work that built much and
/// freed it all (a scan of a million files): glibc's `malloc` keeps freed memory for reuse, so
/// without this the server's resident size stays at its peak.
enum MemoryRelease {
    static func returnFreedPages() {
        _ = trim?(0)
    }

    /// glibc's `malloc_trim`, which its Swift module does not bring in (looked up once; nil elsewhere).
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: Trim.self)
        #else
            return nil
        #endif
    }()
}
