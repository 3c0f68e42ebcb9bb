#if canImport(Glibc)
    import Glibc
#endif

/// What every directory listing reads of an entry `readdir` returned: its name and its type, each
/// read where the entry lies and no further than its own record. The record is only as long as
/// its name (`d_reclen`): copying the whole `dirent`, or its 256-byte `d_name`, reads past the
/// last record of `readdir`'s buffer, and when that buffer ends a page the read faults (a
/// server watching a million photos crashed so, about one start in ten).
extension UnsafeMutablePointer where Pointee == dirent {
    /// The entry's name, its bytes up to the NUL within the record, for the length of `body`.
    public func withNameBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let base = UnsafeRawPointer(self)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let record = Int(base.load(fromByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!, as: UInt16.self))
        let name = base + nameOffset
        let length = strnlen(name.assumingMemoryBound(to: CChar.self), max(0, record - nameOffset))
        return try body(UnsafeRawBufferPointer(start: name, count: length))
    }

    /// The entry's type as the file system gave it (`DT_DIR`, `DT_REG`, `DT_UNKNOWN`, …).
    public var entryType: UInt8 {
        UnsafeRawPointer(self).load(fromByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_type)!, as: UInt8.self)
    }
}
