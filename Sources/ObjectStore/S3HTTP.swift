import AsyncHTTPClient
import NIOCore

/// The HTTP client bucket sources share when none is handed in: one connection pool for the
/// process, as `HTTPClient.shared` is, but one that fails a request at once when the server
/// cannot be reached (no retrying until the request's deadline) and gives up connecting after
/// five seconds, so an unreachable bucket is reported, not waited on. Never shut down: it lives
/// as long as the process.
public enum S3HTTP {
    public static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
