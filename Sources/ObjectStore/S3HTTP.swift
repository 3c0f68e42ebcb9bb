import AsyncHTTPClient
import NIOCore

/// The HTTP client bucket sources share when none is handed in: one connection pool for the
/// process, as `HTTPClient.shared` is, but one that fails a request at once when the server
/// refuses connections (no retrying until the request's deadline), so an unreachable bucket is
/// reported, not waited on. A streamed original holds its connection for as long as the visitor
/// takes to read it, so the pool keeps up to 64 connections to the server rather than 8; the
/// connect timeout (15 s) also bounds how long a request waits for one of them. Never shut down:
/// it lives as long as the process.
public enum S3HTTP {
    public static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(15))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
