import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Drains a child's pipe to its end, keeping the first `limit` bytes and discarding the rest, so a
/// chatty child never blocks on a full pipe nor fills our memory.
final class OutputReader: @unchecked Sendable {
    private let fd: Int32
    private let limit: Int
    private let lock = NSLock()
    private var kept: [UInt8] = []

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = max(0, limit)
    }

    /// What was kept; read after `drain` returned.
    var bytes: [UInt8] {
        lock.withLock { kept }
    }

    /// Reads until end of file, retrying reads a signal interrupts.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                lock.withLock {
                    let room = limit - kept.count
                    if room > 0 { kept.append(contentsOf: buffer[0..<min(count, room)]) }
                }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
