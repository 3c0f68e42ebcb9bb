import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the server on loopback, for sending requests byte by byte as a
/// slow or hostile client would. Non-blocking: waits are `Task.sleep`, never a blocked thread.
final class RawConnection {
    private let fd: Int32
    private var received: [UInt8] = []
    /// Whether the server closed the connection.
    private(set) var closed = false

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // (deinit closes the descriptor, also when this throws)
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }


    /// Sends all of `text`, waiting while the socket's buffer is full; false when the server has
    /// closed the connection.
    @discardableResult
    func send(_ text: String) async throws -> Bool {
        try await send(bytes: Array(text.utf8))
    }

    /// Sends all of `bytes`, as `send(_:)` does.
    @discardableResult
    func send(bytes: [UInt8]) async throws -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 { offset += sent; continue }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Everything the server has sent so far, reading what is waiting without blocking.
    func text() -> String {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { received.append(contentsOf: buffer[0..<n]); continue }
            if n == 0 { closed = true }
            break
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Waits (polling) until the server has sent something or closed, or `limit` passes.
    func waitForAnswer(limit: Duration) async throws -> String {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while clock.now < end {
            let answer = text()
            if !answer.isEmpty || closed { return answer }
            try await Task.sleep(for: .milliseconds(50))
        }
        return text()
    }
}
