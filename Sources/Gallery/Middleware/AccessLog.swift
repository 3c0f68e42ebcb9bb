import Hummingbird
import Logging

/// One structured log line per request (method, path, status, milliseconds), carrying
/// the request id, which is also sent back as `X-Request-Id` so a person can quote it; the same
/// timing goes to the metrics under the route pattern the request matched. Written by
/// `ResponseMiddleware`.
struct AccessLog: Sendable {
    static let requestIdHeader = HTTPFields.Element.Name("X-Request-Id")!
    let metrics: GalleryMetrics

    /// Notes a request answered with `response`, begun at `started`.
    func record(_ request: Request, context: GalleryContext, response: inout Response, started: ContinuousClock.Instant) {
        // (no answer carries one yet: appended, with no look for one to replace)
        response.headers.append(HTTPFields.Element(name: Self.requestIdHeader, value: context.id))
        let elapsed = ContinuousClock.now - started
        metrics.request(route: context.endpointPath ?? "unmatched", method: context.method(of: request).rawValue, status: Int(response.status.code),
                        duration: elapsed)
        // Thumbnails and static files are most requests; they log at debug so the log stays readable.
        let path = request.uri.path
        let level: Logger.Level = SiteURL.isQuiet(path) ? .debug : .info
        context.logger.log(level: level, "request", metadata: [
            "method": "\(context.method(of: request))", "path": "\(path)", "status": "\(response.status.code)",
            "ms": "\((Self.milliseconds(elapsed) * 10).rounded() / 10)",
        ])
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
